import { LogOut, MessagesSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../../../components/brand-mark';
import { useAppConfig } from '../../../lib/app-config';
import { useAgentLogout } from '../../auth';

const actionClasses =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-xl px-2.5 text-sm font-semibold text-white/90 hover:bg-white/10 hover:text-white disabled:opacity-60 [&_svg]:size-5 [&_svg]:shrink-0';

/**
 * The admin screens' dark bar, like the agent portal's: brand, the screen's title, and
 * actions that are icons only on phones (the labels stay for screen readers).
 */
export function PortalHeader({ title }: { title: ReactNode }) {
  const { brandName } = useAppConfig();
  const { logout, isPending } = useAgentLogout();
  return (
    <header className="on-dark bg-brand-950 text-white">
      <div className="mx-auto flex max-w-5xl items-center gap-2 px-3 py-3 sm:gap-3 sm:px-6 sm:py-4">
        <Link to="/" className="-m-1 shrink-0 rounded-lg p-1" aria-label={`${brandName} home`}>
          <BrandMark name={brandName} tone="light" className="max-md:[&>span]:sr-only" />
        </Link>
        <h1 className="min-w-0 flex-1 truncate text-lg font-bold tracking-tight sm:text-xl md:border-l md:border-white/15 md:pl-3">
          {title}
        </h1>
        <nav aria-label="Agent portal" className="flex shrink-0 items-center gap-1">
          <Link to="/agent/chats" className={actionClasses}>
            <MessagesSquare aria-hidden />
            <span className="max-lg:sr-only">Chats</span>
          </Link>
          <button type="button" className={actionClasses} onClick={logout} disabled={isPending}>
            <LogOut aria-hidden />
            <span className="max-lg:sr-only">Logout</span>
          </button>
        </nav>
      </div>
    </header>
  );
}

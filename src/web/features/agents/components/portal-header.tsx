import { MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { BrandMark } from '../../../components/brand-mark';
import { buttonClasses } from '../../../components/ui/button';
import { useAppConfig } from '../../../lib/app-config';
import { AgentLogoutButton } from '../../auth';

/** The admin screens' bar: the brand (home), the way back to the chats, and Logout. */
export function PortalHeader() {
  const { brandName } = useAppConfig();
  return (
    <header className="on-dark sticky top-0 z-30 border-b border-white/10 bg-brand-950 text-white">
      <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-2 px-4 sm:px-6">
        <div className="flex min-w-0 items-center gap-3">
          <Link to="/" className="-m-1 shrink-0 rounded-lg p-1" aria-label={`${brandName} home`}>
            <BrandMark
              name={brandName}
              tone="light"
              className="[&>span:last-child]:max-sm:sr-only"
            />
          </Link>
          <span className="rounded-full border border-gold-300/40 px-2.5 py-0.5 text-xs font-semibold tracking-wide text-gold-300 uppercase">
            Admin
          </span>
        </div>
        <nav aria-label="Agent portal" className="flex items-center gap-1">
          <Link
            to="/agent/chats"
            className={buttonClasses({
              variant: 'ghost',
              className: 'px-3 text-white/85 hover:bg-white/10 hover:text-white',
            })}
          >
            <MessagesSquare aria-hidden />
            Chats
          </Link>
          <AgentLogoutButton
            variant="ghost"
            className="px-3 text-white/85 hover:bg-white/10 hover:text-white"
          />
        </nav>
      </div>
    </header>
  );
}

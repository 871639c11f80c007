import { LogOut, ReceiptText } from 'lucide-react';
import { Link } from 'react-router';
import type { User } from '../../../../shared/api/auth';
import { initials } from '../../../../shared/names';
import { BrandMark } from '../../../components/brand-mark';
import { useAppConfig } from '../../../lib/app-config';

/** The customer portal's top bar: the brand (home), trading history, their account (their data), and sign-out. */
export function PortalHeader({ user }: { user: User }) {
  const { brandName } = useAppConfig();
  return (
    <header className="on-dark sticky top-0 z-40 border-b border-white/10 bg-brand-950">
      <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-2 px-3 sm:gap-3 sm:px-6">
        <Link to="/" className="-m-1 rounded-lg p-1" aria-label={`${brandName} home`}>
          <BrandMark name={brandName} tone="light" />
        </Link>
        <div className="flex items-center gap-1 sm:gap-2">
          <Link
            to="/trading-history"
            className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg px-2 text-sm font-medium text-white/85 hover:bg-white/10 hover:text-white sm:px-3"
          >
            <ReceiptText aria-hidden className="size-4" />
            <span className="max-sm:sr-only">Trading History</span>
          </Link>
          {/* Named by its text, not an aria-label: the initials shown must be part of the name
              (axe's label-content-name-mismatch), so speech control can say what is seen. */}
          <Link
            to="/account"
            title="Your account"
            className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg hover:bg-white/10"
          >
            <span className="inline-flex size-9 items-center justify-center rounded-full bg-gold-300 text-sm font-bold text-brand-950">
              {initials(user)}
            </span>{' '}
            <span className="sr-only">Your account</span>
          </Link>
          <a
            href="/api/logout"
            className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg px-2 text-sm font-medium whitespace-nowrap text-white/85 hover:bg-white/10 hover:text-white sm:px-3"
          >
            <LogOut aria-hidden className="size-4" />
            <span className="max-[380px]:sr-only">Sign out</span>
          </a>
        </div>
      </div>
    </header>
  );
}

import { LogOut, MessagesSquare, ShieldCheck, UsersRound, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../../../components/brand-mark';
import { useAppConfig } from '../../../lib/app-config';
import type { ConnectionState } from '../../../lib/realtime';
import { cn } from '../../../lib/cn';
import { useAgentLogout } from '../../../features/auth';

const actionClasses =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-xl px-2.5 text-sm font-semibold text-white/90 hover:bg-white/10 hover:text-white disabled:opacity-60 [&_svg]:size-5 [&_svg]:shrink-0';

function NavLink({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  return (
    <Link to={to} className={actionClasses}>
      {icon}
      <span className="max-md:sr-only">{label}</span>
    </Link>
  );
}

const CONNECTION_LABELS: Record<ConnectionState, string> = {
  online: 'Live',
  connecting: 'Connecting...',
  reconnecting: 'Reconnecting...',
};

/** Whether the figures are following events as they happen. */
function LiveIndicator({ state }: { state: ConnectionState }) {
  return (
    <span
      role="status"
      data-testid="connection-state"
      className="inline-flex items-center gap-1.5 rounded-full bg-white/10 px-2.5 py-1 text-xs font-semibold text-white ring-1 ring-white/15"
    >
      <span
        aria-hidden
        className={cn(
          'size-2 rounded-full',
          state === 'online'
            ? 'bg-brand-300 motion-safe:animate-pulse-dot'
            : 'bg-gold-300 motion-safe:animate-pulse-dot',
        )}
      />
      {CONNECTION_LABELS[state]}
    </span>
  );
}

/**
 * The dashboard's dark band, in the landing page's colours: brand, the portal's links and
 * Logout, then the title. The page's cards overlap its lower edge.
 */
export function DashboardHeader({
  connection,
  subtitle,
  approvals,
}: {
  connection: ConnectionState;
  subtitle: ReactNode;
  /** How many transactions and payouts wait for an admin's approval (decision 028), live. */
  approvals: number;
}) {
  const { brandName } = useAppConfig();
  const { logout, isPending } = useAgentLogout();
  return (
    <header className="on-dark relative overflow-hidden bg-brand-950 pb-20 text-white sm:pb-24">
      <div aria-hidden className="hero-backdrop pointer-events-none absolute inset-0" />
      <div className="relative mx-auto flex max-w-6xl items-center justify-between gap-2 px-3 pt-3 sm:px-6 sm:pt-4">
        <div className="flex min-w-0 items-center gap-3">
          <Link to="/" className="-m-1 shrink-0 rounded-lg p-1" aria-label={`${brandName} home`}>
            <BrandMark name={brandName} tone="light" className="max-sm:[&>span]:sr-only" />
          </Link>
          <span className="rounded-full border border-gold-300/40 px-2.5 py-0.5 text-xs font-semibold tracking-wide text-gold-300 uppercase">
            Admin
          </span>
        </div>
        <nav aria-label="Admin" className="flex shrink-0 items-center gap-1">
          <NavLink to="/agent/chats" icon={<MessagesSquare aria-hidden />} label="Chats" />
          <NavLink to="/agent/management" icon={<UsersRound aria-hidden />} label="Agents" />
          <NavLink to="/admin/desk-addresses" icon={<Wallet aria-hidden />} label="Addresses" />
          {/* Named by its text ("Approvals 2 waiting"), not an aria-label: what is shown
              ("Approvals 2") must be part of the name (axe's label-content-name-mismatch). */}
          <Link
            to="/agent/admin?tab=approvals"
            className={actionClasses}
            data-testid="approvals-count"
          >
            <ShieldCheck aria-hidden />
            <span className="max-md:sr-only">Approvals</span>{' '}
            <span className="rounded-full bg-gold-300 px-1.5 text-xs text-brand-950">
              {approvals}
            </span>{' '}
            <span className="sr-only">waiting</span>
          </Link>
          <button type="button" className={actionClasses} onClick={logout} disabled={isPending}>
            <LogOut aria-hidden />
            <span className="max-md:sr-only">Logout</span>
          </button>
        </nav>
      </div>
      <div className="relative mx-auto mt-5 flex max-w-6xl flex-wrap items-end justify-between gap-x-4 gap-y-2 px-3 sm:mt-8 sm:px-6">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-4xl">Admin Dashboard</h1>
          <p className="mt-1 text-sm text-white/75 sm:text-base">{subtitle}</p>
        </div>
        <LiveIndicator state={connection} />
      </div>
    </header>
  );
}

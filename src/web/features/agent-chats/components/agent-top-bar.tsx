import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../../../components/brand-mark';
import { useAppConfig } from '../../../lib/app-config';

/** The agent portal's dark bar, in the landing page's colours: brand, title, actions. */
export function AgentTopBar({
  title,
  actions,
  children,
}: {
  title: ReactNode;
  actions: ReactNode;
  /** More header content below the title row. */
  children?: ReactNode;
}) {
  const { brandName } = useAppConfig();
  return (
    <header className="on-dark bg-brand-950 text-white">
      <div className="mx-auto flex max-w-5xl items-center gap-2 px-3 pt-3 pb-2 sm:gap-3 sm:px-6 sm:pt-4">
        <Link to="/" className="-m-1 shrink-0 rounded-lg p-1" aria-label={`${brandName} home`}>
          <BrandMark name={brandName} tone="light" className="max-md:[&>span]:sr-only" />
        </Link>
        <h1 className="min-w-0 flex-1 truncate text-lg font-bold tracking-tight sm:text-xl md:border-l md:border-white/15 md:pl-3">
          {title}
        </h1>
        <nav aria-label="Agent" className="flex shrink-0 items-center gap-1">
          {actions}
        </nav>
      </div>
      {children && <div className="mx-auto max-w-5xl px-3 pb-3 sm:px-6 sm:pb-4">{children}</div>}
    </header>
  );
}

const actionClasses =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-xl px-2.5 text-sm font-semibold text-white/90 hover:bg-white/10 hover:text-white disabled:opacity-60 [&_svg]:size-5 [&_svg]:shrink-0';

/** An action in the bar: icon-only on phones (the label stays for screen readers). */
export function TopBarLink({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  return (
    <Link to={to} className={actionClasses}>
      {icon}
      <span className="max-lg:sr-only">{label}</span>
    </Link>
  );
}

export function TopBarButton({
  icon,
  label,
  onClick,
  disabled,
}: {
  icon: ReactNode;
  label: string;
  onClick?: () => void;
  disabled?: boolean;
}) {
  return (
    <button type="button" className={actionClasses} onClick={onClick} disabled={disabled}>
      {icon}
      <span className="max-lg:sr-only">{label}</span>
    </button>
  );
}

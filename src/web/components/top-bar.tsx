import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAppConfig } from '../lib/app-config';
import { cn } from '../lib/cn';
import { BrandMark } from './brand-mark';

/**
 * The signed-in screens' dark bar, in the landing page's colours: brand, the screen's title,
 * its actions, and (as children) more header content below the title row.
 */
export function TopBar({
  title,
  actions,
  navLabel,
  width = 'max-w-5xl',
  children,
}: {
  title: ReactNode;
  actions?: ReactNode;
  /** The accessible name of the actions' nav. */
  navLabel: string;
  width?: 'max-w-5xl' | 'max-w-2xl' | 'max-w-none';
  /** More header content below the title row; without it the row is padded evenly. */
  children?: ReactNode;
}) {
  const { brandName } = useAppConfig();
  return (
    <header className="on-dark bg-brand-950 text-white">
      <div
        className={cn(
          'mx-auto flex items-center gap-2 px-3 sm:gap-3 sm:px-6',
          children ? 'pt-3 pb-2 sm:pt-4' : 'py-3 sm:py-4',
          width,
        )}
      >
        <Link to="/" className="-m-1 shrink-0 rounded-lg p-1" aria-label={`${brandName} home`}>
          <BrandMark name={brandName} tone="light" className="max-md:[&>span]:sr-only" />
        </Link>
        <h1 className="min-w-0 flex-1 truncate text-lg font-bold tracking-tight sm:text-xl md:border-l md:border-white/15 md:pl-3">
          {title}
        </h1>
        {actions && (
          <nav aria-label={navLabel} className="flex shrink-0 items-center gap-1">
            {actions}
          </nav>
        )}
      </div>
      {children}
    </header>
  );
}

const actionClasses =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-xl px-2.5 text-sm font-semibold text-white/90 hover:bg-white/10 hover:text-white disabled:opacity-60 [&_svg]:size-5 [&_svg]:shrink-0';

/** An action in the bar: icon-only on phones (the label stays for screen readers). */
export function TopBarLink({
  to,
  icon,
  label,
  reload = false,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  /** A server route (/api/logout): a full page load, not the app's router. */
  reload?: boolean;
}) {
  const content = (
    <>
      {icon}
      <span className="max-lg:sr-only">{label}</span>
    </>
  );
  return reload ? (
    <a href={to} className={actionClasses}>
      {content}
    </a>
  ) : (
    <Link to={to} className={actionClasses}>
      {content}
    </Link>
  );
}

export function TopBarButton({
  icon,
  label,
  onClick,
  disabled,
  pressed,
}: {
  icon: ReactNode;
  label: string;
  onClick?: () => void;
  disabled?: boolean;
  /** A toggle's state (aria-pressed); undefined for a plain button. */
  pressed?: boolean;
}) {
  return (
    <button
      type="button"
      className={cn(actionClasses, pressed && 'bg-white/15 text-gold-300')}
      onClick={onClick}
      disabled={disabled}
      aria-pressed={pressed}
    >
      {icon}
      <span className="max-lg:sr-only">{label}</span>
    </button>
  );
}

/** A row of the bar below its title row (a way back, a connection indicator, say). */
export function TopBarRow({
  width = 'max-w-5xl',
  className,
  children,
}: {
  width?: 'max-w-5xl' | 'max-w-2xl' | 'max-w-none';
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('mx-auto px-3 pb-3 sm:px-6 sm:pb-4', width, className)}>{children}</div>
  );
}

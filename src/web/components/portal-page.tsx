import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from './brand-mark';
import { useAppConfig } from '../lib/app-config';
import { cn } from '../lib/cn';

const actionClasses =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-xl px-2.5 text-sm font-semibold text-white/90 hover:bg-white/10 hover:text-white disabled:opacity-60 [&_svg]:size-5 [&_svg]:shrink-0';

/** An action in the bar: icon-only on phones (the label stays for screen readers). */
export function PortalNavLink({
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

export function PortalNavButton({
  icon,
  label,
  onClick,
  disabled,
}: {
  icon: ReactNode;
  label: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <button type="button" className={actionClasses} onClick={onClick} disabled={disabled}>
      {icon}
      <span className="max-lg:sr-only">{label}</span>
    </button>
  );
}

/**
 * The frame of the money screens (exchange rates, Process Transaction, Trading History): the
 * portal's dark bar in the landing page's colours with the brand, the screen's title and its
 * actions, a way back, and the page on the canvas below.
 */
export function PortalPage({
  title,
  actions,
  back,
  aside,
  children,
  narrow = false,
}: {
  title: string;
  actions?: ReactNode;
  back?: { to: string; label: string } | { onClick: () => void; label: string };
  /** Shown at the right of the back row (a connection indicator, say). */
  aside?: ReactNode;
  children: ReactNode;
  narrow?: boolean;
}) {
  const { brandName } = useAppConfig();
  const width = narrow ? 'max-w-2xl' : 'max-w-5xl';
  const backClasses =
    '-ml-2 inline-flex min-h-11 items-center gap-2 rounded-xl px-2 text-sm font-semibold text-white/90 hover:bg-white/10 hover:text-white';
  return (
    <div className="min-h-dvh bg-canvas">
      <header className="on-dark bg-brand-950 text-white">
        <div
          className={cn(
            'mx-auto flex items-center gap-2 px-3 pt-3 pb-2 sm:gap-3 sm:px-6 sm:pt-4',
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
            <nav aria-label="Portal" className="flex shrink-0 items-center gap-1">
              {actions}
            </nav>
          )}
        </div>
        {(back || aside) && (
          <div
            className={cn(
              'mx-auto flex min-h-11 items-center justify-between gap-2 px-3 pb-3 sm:px-6 sm:pb-4',
              width,
            )}
          >
            {back &&
              ('to' in back ? (
                <Link to={back.to} className={backClasses}>
                  <ArrowLeft aria-hidden className="size-5" />
                  {back.label}
                </Link>
              ) : (
                <button type="button" onClick={back.onClick} className={backClasses}>
                  <ArrowLeft aria-hidden className="size-5" />
                  {back.label}
                </button>
              ))}
            {aside}
          </div>
        )}
      </header>
      <main className={cn('mx-auto flex flex-col gap-4 px-3 py-4 sm:gap-6 sm:px-6 sm:py-6', width)}>
        {children}
      </main>
    </div>
  );
}

/** A white card on the canvas, as the portal's other screens use. */
export function PortalCard({
  children,
  className,
  ...rest
}: {
  children: ReactNode;
  className?: string;
  'aria-labelledby'?: string;
  'data-testid'?: string;
}) {
  return (
    <section
      className={cn('rounded-3xl bg-surface p-4 shadow-card ring-1 ring-black/5 sm:p-6', className)}
      {...rest}
    >
      {children}
    </section>
  );
}

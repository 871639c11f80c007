import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../../../components/brand-mark';
import { useAppConfig } from '../../../lib/app-config';
import { cn } from '../../../lib/cn';

/**
 * The frame of the portal's small screens (agent login, admin setup, "Agent Login
 * Required"): the landing page's dark brand band with its glow, and a white card over it.
 */
export function AuthPageLayout({
  children,
  aside,
  wide = false,
}: {
  children: ReactNode;
  /** Shown at the right of the brand band (e.g. who is signed in). */
  aside?: ReactNode;
  wide?: boolean;
}) {
  const { brandName } = useAppConfig();
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <header className="on-dark relative overflow-hidden bg-brand-950 pb-28 text-white sm:pb-44">
        <div aria-hidden className="hero-backdrop pointer-events-none absolute inset-0" />
        <div className="relative mx-auto flex min-h-16 max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2 sm:px-6">
          <Link to="/" className="-m-1 rounded-lg p-1" aria-label={`${brandName} home`}>
            <BrandMark name={brandName} tone="light" />
          </Link>
          {aside}
        </div>
      </header>
      <main className="relative -mt-24 flex-1 px-4 pb-12 sm:-mt-32">
        <div
          className={cn(
            'mx-auto w-full rounded-3xl bg-surface p-5 text-ink shadow-card ring-1 ring-black/5 sm:p-8',
            wide ? 'max-w-lg' : 'max-w-md',
          )}
        >
          {children}
        </div>
      </main>
    </div>
  );
}

/** The card's heading: an icon tile, the title (the page's h1) and a line under it. */
export function AuthCardHeading({
  icon,
  title,
  description,
  tone = 'brand',
}: {
  icon: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  tone?: 'brand' | 'danger';
}) {
  return (
    <div className="text-center">
      <span
        className={cn(
          'mx-auto inline-flex size-14 items-center justify-center rounded-2xl [&_svg]:size-7',
          tone === 'danger' ? 'bg-down-soft text-down' : 'bg-brand-50 text-brand-700',
        )}
      >
        {icon}
      </span>
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-[1.75rem]">{title}</h1>
      {description && <p className="mt-2 text-ink-muted">{description}</p>}
    </div>
  );
}

/** Shown while the server says who is signed in. */
export function CheckingAccess() {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center bg-canvas">
      <span
        aria-hidden
        className="size-8 animate-spin rounded-full border-[3px] border-brand-100 border-t-brand-700"
      />
      <span className="sr-only">Checking your access…</span>
    </div>
  );
}

import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../lib/cn';
import { TopBar, TopBarRow } from './top-bar';

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
  const width = narrow ? 'max-w-2xl' : 'max-w-5xl';
  const backClasses =
    '-ml-2 inline-flex min-h-11 items-center gap-2 rounded-xl px-2 text-sm font-semibold text-white/90 hover:bg-white/10 hover:text-white';
  return (
    <div className="min-h-dvh bg-canvas">
      <TopBar title={title} actions={actions} navLabel="Portal" width={width}>
        {(back || aside) && (
          <TopBarRow width={width} className="flex min-h-11 items-center justify-between gap-2">
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
          </TopBarRow>
        )}
      </TopBar>
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

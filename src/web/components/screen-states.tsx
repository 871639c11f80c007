import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { buttonClasses } from './ui/button';

/**
 * While a screen's code loads, while it finds out who is looking, or while it leaves; `pane`:
 * in a part of a screen (the inbox's open chat), filling that part instead of the window.
 */
export function ScreenSpinner({ label = 'Loading…', pane }: { label?: string; pane?: boolean }) {
  return (
    <div
      role="status"
      className={cn(
        'flex items-center justify-center bg-canvas',
        pane ? 'min-h-0 flex-1' : 'min-h-dvh',
      )}
    >
      <span
        aria-hidden
        className="size-8 animate-spin rounded-full border-[3px] border-brand-100 border-t-brand-700"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** A whole-screen message on the canvas: a failure, or nothing to show. */
export function ScreenMessage({
  title,
  children,
  tone = 'brand',
}: {
  title: string;
  children?: ReactNode;
  tone?: 'brand' | 'danger';
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-canvas px-4">
      <div
        role={tone === 'danger' ? 'alert' : undefined}
        className="w-full max-w-md rounded-3xl bg-surface p-8 text-center shadow-card ring-1 ring-black/5"
      >
        <h1 className={cn('text-2xl font-bold tracking-tight', tone === 'danger' && 'text-down')}>
          {title}
        </h1>
        {children}
      </div>
    </main>
  );
}

/** The signed-in user could not be read (the server is unreachable). */
export function ScreenError({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-canvas px-4">
      <div
        role="alert"
        className="w-full max-w-md rounded-3xl bg-surface p-8 text-center shadow-card"
      >
        <h1 className="text-2xl font-bold tracking-tight">Something went wrong</h1>
        <p className="mt-3 text-ink-muted">We could not reach the server. Please try again.</p>
        <button
          type="button"
          onClick={onRetry}
          className={buttonClasses({ size: 'lg', className: 'mt-6 w-full' })}
        >
          Try again
        </button>
      </div>
    </main>
  );
}

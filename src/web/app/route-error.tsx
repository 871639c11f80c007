import { Button, buttonClasses } from '../components/ui/button';

/** A screen failed to load or render (most often: its code changed with a new release). */
export function RouteError() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-canvas px-4">
      <div
        role="alert"
        className="w-full max-w-md rounded-3xl bg-surface p-8 text-center shadow-card"
      >
        <h1 className="text-2xl font-bold tracking-tight">Something went wrong</h1>
        <p className="mt-3 text-ink-muted">This page could not be shown. Please reload it.</p>
        <div className="mt-6 grid gap-3">
          <Button size="lg" onClick={() => window.location.reload()}>
            Reload
          </Button>
          <a className={buttonClasses({ variant: 'outline', size: 'lg' })} href="/">
            Back to Home
          </a>
        </div>
      </div>
    </main>
  );
}

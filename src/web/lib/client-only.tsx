import { startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';

/**
 * `children` once the page runs in the browser; `fallback` before that: on the server, and
 * while the browser takes over the server's markup, so both render the same. The switch is a
 * transition: what it reveals (a lazy part, its code loading) renders in the background, in
 * short slices, after the page has become interactive. The same `fallback` shows while the
 * children's code loads.
 */
export function ClientOnly({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    startTransition(() => setMounted(true));
  }, []);
  if (!mounted) return fallback;
  return <Suspense fallback={fallback}>{children}</Suspense>;
}

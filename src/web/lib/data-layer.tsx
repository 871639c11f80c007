import { QueryClientContext, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { createQueryClient } from './query-client';

let appClient: QueryClient | undefined;

/**
 * The TanStack Query cache for everything that loads data. It loads with the screens that
 * use it (see `lazyWithData`), not with the landing page's first load (decision 004). All of
 * them share one client, so the cache survives navigation; a client provided above (tests) wins.
 */
export function DataLayer({ children }: { children: ReactNode }) {
  const provided = useContext(QueryClientContext);
  if (provided) return children;
  appClient ??= createQueryClient();
  return <QueryClientProvider client={appClient}>{children}</QueryClientProvider>;
}

/** Tests that render the whole app start each render with an empty cache. */
export function resetAppQueryClient(): void {
  appClient = undefined;
}

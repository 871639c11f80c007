import { QueryClient } from '@tanstack/react-query';

/**
 * How long an answer the socket does not keep fresh counts as fresh: a screen shown again after
 * this loads it again. The queries the socket keeps fresh say so in one place
 * (`LIVE_QUERY_ROOTS` in app/live-updates.tsx): those never go stale on a timer.
 */
export const NOT_LIVE_STALE_MS = 30_000;

/**
 * The spec's data cache: no refetch on focus, no polling unless a query asks for it, no
 * retries. Realtime updates arrive by WebSocket and write into the cache instead.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: NOT_LIVE_STALE_MS,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

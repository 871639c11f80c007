import { QueryClient } from '@tanstack/react-query';

/**
 * The spec's data cache: never stale, no refetch on focus, no polling unless a query asks for
 * it, no retries. Realtime updates arrive by WebSocket and write into the cache instead.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

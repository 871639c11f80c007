import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { RealtimeEvent } from '../../shared/api/realtime';
import { useRealtime, type ConnectionState } from './realtime';

/**
 * Keeps a capability's cached queries live, with no polling: its realtime events go to `apply`;
 * after a gap the socket cannot replay, the queries under `resyncKey` are fetched again.
 * `types`, `apply` and `resyncKey` are module-level constants, so the listener is added once.
 */
export function useLiveCache<T extends RealtimeEvent['type']>(
  types: readonly T[],
  apply: (queryClient: QueryClient, event: Extract<RealtimeEvent, { type: T }>) => void,
  resyncKey: QueryKey,
): ConnectionState {
  const queryClient = useQueryClient();
  const onEvent = useCallback(
    (event: RealtimeEvent) => {
      if ((types as readonly string[]).includes(event.type)) {
        apply(queryClient, event as Extract<RealtimeEvent, { type: T }>);
      }
    },
    [queryClient, types, apply],
  );
  const onResync = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: resyncKey });
  }, [queryClient, resyncKey]);
  return useRealtime(onEvent, onResync);
}

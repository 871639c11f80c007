import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { RealtimeEvent } from '../../../../shared/api/realtime';
import { useRealtime, type ConnectionState } from '../../../lib/realtime';
import { orderKeys } from '../api/keys';
import { upsertOrder } from './order-cache';

/**
 * Keeps every order on screen live (no polling): 'order.created' and 'order.updated' events
 * (they reach the chat's customer and the agents) go into the caches; after a gap the socket
 * cannot replay, the orders are fetched again.
 */
export function useLiveOrders(): ConnectionState {
  const queryClient = useQueryClient();
  const onEvent = useCallback(
    (event: RealtimeEvent) => {
      if (event.type === 'order.created' || event.type === 'order.updated') {
        upsertOrder(queryClient, event.order);
      }
    },
    [queryClient],
  );
  const onResync = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: orderKeys.all });
  }, [queryClient]);
  return useRealtime(onEvent, onResync);
}

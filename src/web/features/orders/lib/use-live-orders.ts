import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeEvent } from '../../../../shared/api/realtime';
import type { ConnectionState } from '../../../lib/realtime';
import { useLiveCache } from '../../../lib/use-live-cache';
import { orderKeys } from '../api/keys';
import { upsertOrder } from './order-cache';

const ORDER_EVENTS = ['order.created', 'order.updated'] as const;

const applyOrderEvent = (
  queryClient: QueryClient,
  event: Extract<RealtimeEvent, { type: (typeof ORDER_EVENTS)[number] }>,
) => upsertOrder(queryClient, event.order);

/**
 * Keeps every order on screen live: 'order.created' and 'order.updated' events (they reach the
 * chat's customer and the agents) go into the caches; after a gap, the orders are fetched again.
 */
export function useLiveOrders(): ConnectionState {
  return useLiveCache(ORDER_EVENTS, applyOrderEvent, orderKeys.all);
}

import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { orderPageSchema, type Order } from '../../../../shared/api/orders';
import { apiGet } from '../../../lib/api-client';
import { orderKeys, type StaffOrderFilter } from './keys';

const PAGE_SIZE = 30;

/** One page of GET /api/orders: overdue payouts first, then newest first. */
export function listStaffOrders(options: {
  state: StaffOrderFilter;
  cursor: string | undefined;
  signal?: AbortSignal;
}): Promise<{ items: Order[]; nextCursor: string | null }> {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (options.state === 'deposit-problems') params.set('attention', 'deposit');
  else if (options.state !== 'all') params.set('state', options.state);
  if (options.cursor) params.set('cursor', options.cursor);
  return apiGet(`/api/orders?${params}`, orderPageSchema, { signal: options.signal });
}

export const staffOrdersQuery = (state: StaffOrderFilter) =>
  infiniteQueryOptions({
    queryKey: orderKeys.staffList(state),
    queryFn: ({ pageParam, signal }) => listStaffOrders({ state, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useStaffOrders(state: StaffOrderFilter) {
  return useInfiniteQuery(staffOrdersQuery(state));
}

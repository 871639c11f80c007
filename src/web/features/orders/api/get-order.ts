import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderSchema, type Order } from '../../../../shared/api/orders';
import { apiGet } from '../../../lib/api-client';
import { orderKeys } from './keys';

/** GET /api/orders/:id: the order for its customer or any agent or admin (anyone else: 404). */
export function getOrder(id: number): Promise<Order> {
  return apiGet(`/api/orders/${id}`, orderSchema);
}

export const orderQuery = (id: number) =>
  queryOptions({ queryKey: orderKeys.one(id), queryFn: () => getOrder(id) });

export function useOrder(id: number) {
  return useQuery(orderQuery(id));
}

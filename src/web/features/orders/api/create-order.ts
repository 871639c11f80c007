import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderSchema, type CreateOrderRequest, type Order } from '../../../../shared/api/orders';
import { apiPost } from '../../../lib/api-client';
import { upsertOrder } from '../lib/order-cache';

/** POST /api/orders: locks the managed sell rate and gives the deposit address. */
export function createOrder(body: CreateOrderRequest, idempotencyKey: string): Promise<Order> {
  return apiPost('/api/orders', body, orderSchema, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateOrderRequest; idempotencyKey: string }) =>
      createOrder(body, idempotencyKey),
    onSuccess: (order) => upsertOrder(queryClient, order),
  });
}

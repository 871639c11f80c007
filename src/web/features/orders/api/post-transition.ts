import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderSchema, type Order, type OrderTransition } from '../../../../shared/api/orders';
import { apiPost } from '../../../lib/api-client';
import { upsertOrder } from '../lib/order-cache';

/**
 * POST /api/orders/:id/{step} with the action's Idempotency-Key: a double click or a retry
 * after a lost answer gets the first result, never a second step.
 */
export function postTransition(
  id: number,
  step: OrderTransition,
  body: object | undefined,
  idempotencyKey: string,
): Promise<Order> {
  return apiPost(`/api/orders/${id}/${step}`, body ?? {}, orderSchema, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** The mutation every transition's hook is: the answer goes into the caches at once. */
export function useTransition<V extends { id: number; idempotencyKey: string }>(
  step: OrderTransition,
  body: (variables: V) => object | undefined,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) =>
      postTransition(variables.id, step, body(variables), variables.idempotencyKey),
    onSuccess: (order) => upsertOrder(queryClient, order),
  });
}

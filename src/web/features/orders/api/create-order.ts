import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  orderSchema,
  rateChangedSchema,
  type CreateOrderRequest,
  type Order,
} from '../../../../shared/api/orders';
import { ApiError, apiPost } from '../../../lib/api-client';
import { upsertOrder } from '../lib/order-cache';
import { orderKeys } from './keys';

/** POST /api/orders: locks the previewed rate (its rateVersion) and gives the deposit address. */
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
    // The rate changed since the preview: the form shows the new figures the 409 carries.
    onError: (error, { body }) => {
      if (!(error instanceof ApiError)) return;
      const changed = rateChangedSchema.safeParse(error.body);
      if (!changed.success) return;
      const { rateVersion: _seen, confirmation: _reason, ...previewBody } = body;
      queryClient.setQueryData(orderKeys.preview(previewBody), changed.data.preview);
    },
  });
}

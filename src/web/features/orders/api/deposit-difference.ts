import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  requoteChangedSchema,
  requotePreviewSchema,
  type Order,
  type RequotePreview,
} from '../../../../shared/api/orders';
import { apiGet, ApiError } from '../../../lib/api-client';
import { orderKeys } from './keys';
import { useTransition } from './post-transition';

/** GET /api/orders/:id/requote-preview: what a re-quote would set now (agents only). */
export function previewRequote(id: number, signal?: AbortSignal): Promise<RequotePreview> {
  return apiGet(`/api/orders/${id}/requote-preview`, requotePreviewSchema, { signal });
}

/**
 * The server's figures for "Re-quote at received amount", fetched again whenever the chain's
 * reading of the coins received changes (the order's live update). A refusal is the answer.
 */
export function useRequotePreview(order: Order) {
  return useQuery({
    queryKey: orderKeys.requotePreview(order.id, order.chain?.receivedCrypto ?? null),
    queryFn: ({ signal }) => previewRequote(order.id, signal),
    retry: false,
  });
}

/**
 * A deposit outside the tolerance (decision 016). The agent re-quotes it at the amount received
 * (deposit_seen → requoted) or sends it back (→ deposit_returning, with a reason), then records
 * the return's tx hash (→ refunded). The customer accepts the new total (→ deposit_seen) or asks
 * for the coins back (→ deposit_returning).
 */
export function useRequoteDeposit(order: Order) {
  const queryClient = useQueryClient();
  const transition = useTransition<{ id: number; idempotencyKey: string; requoteVersion: string }>(
    'requote',
    (v) => ({ requoteVersion: v.requoteVersion }),
  );
  return {
    ...transition,
    /** Sets exactly the previewed figures; a 409 `requote_changed` shows its new preview. */
    mutateAsync: async (variables: { idempotencyKey: string; requoteVersion: string }) => {
      try {
        return await transition.mutateAsync({ id: order.id, ...variables });
      } catch (error) {
        const changed =
          error instanceof ApiError ? requoteChangedSchema.safeParse(error.body) : null;
        if (changed?.success) {
          queryClient.setQueryData(
            orderKeys.requotePreview(order.id, order.chain?.receivedCrypto ?? null),
            changed.data.preview,
          );
        }
        throw error;
      }
    },
  };
}

export function useReturnDeposit() {
  return useTransition<{ id: number; idempotencyKey: string; reason: string }>(
    'return-deposit',
    (v) => ({ reason: v.reason }),
  );
}

export function useDepositReturned() {
  return useTransition<{ id: number; idempotencyKey: string; returnTxHash: string }>(
    'returned',
    (v) => ({ returnTxHash: v.returnTxHash }),
  );
}

export function useAcceptRequote() {
  return useTransition<{ id: number; idempotencyKey: string }>('accept-requote', () => undefined);
}

export function useDeclineRequote() {
  return useTransition<{ id: number; idempotencyKey: string }>('decline-requote', () => undefined);
}

/**
 * An agent lets the payout go ahead while a reorganised block holds it, with a reason:
 * the order stays deposit_confirmed and the watcher stops reading it.
 */
export function useReleasePayout() {
  return useTransition<{ id: number; idempotencyKey: string; reason: string }>(
    'release-payout',
    (v) => ({ reason: v.reason }),
  );
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderPageSchema, type Order } from '../../../../shared/api/orders';
import { apiGet } from '../../../lib/api-client';
import { orderKeys } from './keys';
import { useTransition } from './post-transition';

/** How many payouts waiting for approval the admins' list shows at once (large ones are few). */
export const PAYOUT_APPROVALS_LIMIT = 100;

/** GET /api/orders?state=payout_approval: the payouts waiting for an admin, newest first. */
export async function listPayoutApprovals(): Promise<Order[]> {
  const page = await apiGet(
    `/api/orders?state=payout_approval&limit=${PAYOUT_APPROVALS_LIMIT}`,
    orderPageSchema,
  );
  return page.items;
}

export const payoutApprovalsQuery = queryOptions({
  queryKey: orderKeys.payoutApprovals,
  queryFn: listPayoutApprovals,
});

export function usePayoutApprovals(enabled = true) {
  return useQuery({ ...payoutApprovalsQuery, enabled });
}

/** An admin approves a payout: payout_approval → deposit_confirmed (decision 028). */
export function useApprovePayout() {
  return useTransition('approve-payout', () => undefined);
}

/** An admin rejects a payout with a reason: payout_approval → deposit_returning. */
export function useRejectPayout() {
  return useTransition(
    'reject-payout',
    (v: { id: number; idempotencyKey: string; reason: string }) => ({
      reason: v.reason,
    }),
  );
}

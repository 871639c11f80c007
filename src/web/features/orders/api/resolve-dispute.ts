import type { z } from 'zod';
import type { resolveRequestSchema } from '../../../../shared/api/orders';
import { useTransition } from './post-transition';

export type DisputeOutcome = z.output<typeof resolveRequestSchema>['outcome'];

/** An admin ends a dispute with a reason: disputed → completed (paid) or refunded. */
export function useResolveDispute() {
  return useTransition(
    'resolve',
    (v: { id: number; idempotencyKey: string; outcome: DisputeOutcome; reason: string }) => ({
      outcome: v.outcome,
      reason: v.reason,
    }),
  );
}

import { useTransition } from './post-transition';

/**
 * An agent confirms the coins arrived: deposit_seen → deposit_confirmed, with an optional
 * reason (kept in the timeline and the audit log).
 */
export function useConfirmDeposit() {
  return useTransition<{ id: number; idempotencyKey: string; reason?: string }>(
    'confirm-deposit',
    (v) => (v.reason ? { reason: v.reason } : undefined),
  );
}

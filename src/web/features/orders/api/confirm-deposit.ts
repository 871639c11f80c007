import { useTransition } from './post-transition';

/**
 * An agent confirms the coins arrived: deposit_seen → deposit_confirmed, with a reason (kept in
 * the timeline and the audit log), required when the chain has not confirmed it.
 */
export function useConfirmDeposit() {
  return useTransition<{ id: number; idempotencyKey: string; reason?: string }>(
    'confirm-deposit',
    (v) => (v.reason ? { reason: v.reason } : undefined),
  );
}

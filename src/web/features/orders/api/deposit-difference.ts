import { useTransition } from './post-transition';

/**
 * A deposit outside the tolerance (decision 016). The agent re-quotes it at the amount received
 * (deposit_seen → requoted) or sends it back (→ deposit_returning, with a reason), then records
 * the return's tx hash (→ refunded). The customer accepts the new total (→ deposit_seen) or asks
 * for the coins back (→ deposit_returning).
 */
export function useRequoteDeposit() {
  return useTransition<{ id: number; idempotencyKey: string }>('requote', () => undefined);
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

import { useTransition } from './post-transition';

/** The customer says they sent the coins: awaiting_deposit → deposit_seen. */
export function useSubmitDeposit() {
  return useTransition('deposit', (v: { id: number; idempotencyKey: string; txHash: string }) => ({
    txHash: v.txHash,
  }));
}

import { useTransition } from './post-transition';

/**
 * The customer says they sent the coins, with an optional screenshot's message:
 * awaiting_deposit → deposit_seen.
 */
export function useSubmitDeposit() {
  return useTransition(
    'deposit',
    (v: { id: number; idempotencyKey: string; txHash: string; screenshotMessageId?: number }) => ({
      txHash: v.txHash,
      ...(v.screenshotMessageId === undefined
        ? {}
        : { screenshotMessageId: v.screenshotMessageId }),
    }),
  );
}

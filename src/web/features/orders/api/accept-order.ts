import { useTransition } from './post-transition';

/** The customer takes an agent's quote into one of their payout accounts: quoted → awaiting_deposit. */
export function useAcceptOrder() {
  return useTransition(
    'accept',
    (v: { id: number; idempotencyKey: string; payoutAccountId: number }) => ({
      payoutAccountId: v.payoutAccountId,
    }),
  );
}

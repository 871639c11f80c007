import { useTransition } from './post-transition';

/** An agent records the naira sent: deposit_confirmed → payout_sent. */
export function useRecordPayout() {
  return useTransition(
    'payout',
    (v: { id: number; idempotencyKey: string; bankReference: string }) => ({
      bankReference: v.bankReference,
    }),
  );
}

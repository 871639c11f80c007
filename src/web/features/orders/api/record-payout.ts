import { useTransition } from './post-transition';

/** An agent records the naira sent, with the proof image's message: deposit_confirmed → payout_sent. */
export function useRecordPayout() {
  return useTransition(
    'payout',
    (v: { id: number; idempotencyKey: string; bankReference: string; proofMessageId: number }) => ({
      bankReference: v.bankReference,
      proofMessageId: v.proofMessageId,
    }),
  );
}

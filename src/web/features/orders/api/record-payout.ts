import { useTransition } from './post-transition';

/** An agent records the naira sent, with the proof image's message: deposit_confirmed → payout_sent. */
export function useRecordPayout() {
  return useTransition(
    'payout',
    (v: {
      id: number;
      idempotencyKey: string;
      bankReference: string;
      proofMessageId: number;
      /** Recorded although the proof's amount, as read, is not the order's total. */
      receiptAmountConfirmed?: true;
    }) => ({
      bankReference: v.bankReference,
      proofMessageId: v.proofMessageId,
      ...(v.receiptAmountConfirmed ? { receiptAmountConfirmed: true } : {}),
    }),
  );
}

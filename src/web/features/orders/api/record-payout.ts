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
      /** Why it is recorded although the proof's amount, as read, is not the order's total. */
      receiptAmountReason?: string;
    }) => ({
      bankReference: v.bankReference,
      proofMessageId: v.proofMessageId,
      ...(v.receiptAmountReason === undefined
        ? {}
        : { receiptAmountReason: v.receiptAmountReason }),
    }),
  );
}

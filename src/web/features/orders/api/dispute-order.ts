import { useTransition } from './post-transition';

/** The customer says the naira did not arrive: payout_sent → disputed. */
export function useDisputeOrder() {
  return useTransition('dispute', (v: { id: number; idempotencyKey: string; note: string }) => ({
    note: v.note,
  }));
}

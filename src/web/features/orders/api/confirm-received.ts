import { useTransition } from './post-transition';

/** The customer says the naira arrived: payout_sent → completed. */
export function useConfirmReceived() {
  return useTransition('received', () => undefined);
}

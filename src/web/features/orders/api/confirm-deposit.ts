import { useTransition } from './post-transition';

/** An agent confirms the coins arrived: deposit_seen → deposit_confirmed. */
export function useConfirmDeposit() {
  return useTransition('confirm-deposit', () => undefined);
}

import { useTransition } from './post-transition';

/** Either side cancels before a deposit. */
export function useCancelOrder() {
  return useTransition('cancel', () => undefined);
}

import { useState } from 'react';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { handleUnauthorized } from '../../../lib/unauthorized';

/**
 * One person's action on an order (a click, a form): its Idempotency-Key is made once and sent
 * with every try of that action, so a double click or a retry after a lost answer acts once.
 * What the person changes (the text they typed) makes it another action, with a new key.
 */
export function useOrderAction(run: (idempotencyKey: string) => Promise<unknown>) {
  const idempotency = useIdempotencyKey();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = (onDone?: () => void) => {
    if (pending) return;
    setPending(true);
    setError(null);
    run(idempotency.key).then(
      () => {
        setPending(false);
        idempotency.renew();
        onDone?.();
      },
      (failure: unknown) => {
        setPending(false);
        idempotency.renewAfter(failure);
        handleUnauthorized(failure);
        setError(failure);
      },
    );
  };
  /** The action changed (new text): the next try is a new action. */
  const changed = () => {
    idempotency.renew();
    setError(null);
  };
  return { submit, changed, pending, error };
}

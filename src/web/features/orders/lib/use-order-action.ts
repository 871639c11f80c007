import { useRef, useState } from 'react';
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
  // Set at once, unlike `pending`: a form's submit runs after its checks (a microtask later),
  // so a double click's second submit can come before the render that says pending.
  const running = useRef(false);
  const [error, setError] = useState<unknown>(null);
  const submit = (onDone?: () => void) => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    setError(null);
    run(idempotency.key).then(
      () => {
        running.current = false;
        setPending(false);
        idempotency.renew();
        onDone?.();
      },
      (failure: unknown) => {
        running.current = false;
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

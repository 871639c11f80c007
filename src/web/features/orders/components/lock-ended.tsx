import type { OrderState } from '../../../../shared/orders/states';

/**
 * An order whose rate lock ran out before a deposit: nothing more can happen to it. The
 * customer is told what to do next.
 */
export function LockEnded({
  viewer,
  was,
}: {
  viewer: 'customer' | 'agent';
  /** The state the lock ran out in: a quote never accepted, or an order awaiting coins. */
  was: OrderState;
}) {
  return (
    <p data-testid="order-expired" className="rounded-xl bg-canvas px-3 py-2 text-sm text-ink">
      {viewer === 'agent' ? (
        'The rate lock ended before a deposit: the customer needs a new quote.'
      ) : (
        <>
          {was === 'quoted'
            ? 'This quote expired. '
            : 'The rate lock ended before a deposit. Do not send coins to this order. '}
          <strong className="font-semibold">Ask for a new quote</strong> in this chat.
        </>
      )}
    </p>
  );
}

import type { Order } from '../../../../shared/api/orders';
import { formatNaira } from '../../../lib/format';
import { useCancelOrder } from '../api/cancel-order';
import { isCancellable } from '../lib/states';
import { ButtonAction } from './button-action';

/** "Cancel order", asked for once more, while the order can still be cancelled (before a deposit). */
export function CancelOrderAction({
  order,
  variant,
  consequence,
}: {
  order: Order;
  variant: 'danger' | 'ghost';
  /** What cancelling means for whoever presses it. */
  consequence: string;
}) {
  const cancel = useCancelOrder();
  if (!isCancellable(order.state)) return null;
  return (
    <ButtonAction
      label="Cancel order"
      variant={variant}
      run={(idempotencyKey) => cancel.mutateAsync({ id: order.id, idempotencyKey })}
      confirm={{
        title: 'Cancel this order?',
        description: consequence,
        facts: [
          { label: 'Order', value: order.reference },
          { label: 'Total', value: formatNaira(order.totalNaira) },
        ],
        confirmLabel: 'Cancel order',
        // "Cancel" beside "Cancel order" would read as either.
        cancelLabel: 'Keep order',
        danger: true,
      }}
      failed="Could not cancel the order. Try again."
    />
  );
}

import { CircleCheck } from 'lucide-react';
import type { Order } from '../../../../shared/api/orders';
import { payoutAccountFullLabel } from '../../../../shared/payout-accounts/account-label';
import { formatNaira } from '../../../lib/format';

/** "Paid ₦X to GTBank 0123451234 · ref …": the payout as the agent recorded it, the account in full. */
export function PaidNote({ order }: { order: Order }) {
  const to = order.payoutAccount ? ` to ${payoutAccountFullLabel(order.payoutAccount)}` : '';
  return (
    <p
      data-testid="order-paid"
      className="flex items-start gap-2 rounded-xl bg-up-soft px-3 py-2 text-sm font-semibold text-up"
    >
      <CircleCheck aria-hidden className="mt-px size-4 shrink-0" />
      <span className="min-w-0 break-words">
        Paid {formatNaira(order.totalNaira)}
        {to}
        {order.bankReference && ` · ref ${order.bankReference}`}
      </span>
    </p>
  );
}

import type { Transaction } from '../../../../shared/api/transactions';
import { cn } from '../../../lib/cn';
import { formatNaira } from '../../../lib/format';

/**
 * What a settled trade means for the customer, in naira: "Paid ₦1,572,540.59" once completed,
 * "Failed: not paid" once failed; nothing while pending or for the other kinds. The trade
 * itself says it, never the customer's status ("Paid" there is an agent's label for a person).
 */
export function TradeOutcome({
  transaction,
  className,
}: {
  transaction: Transaction;
  className?: string;
}) {
  if (transaction.type !== 'trade' || transaction.status === 'pending') return null;
  const paid = transaction.status === 'completed';
  return (
    <span
      data-testid="trade-outcome"
      data-status={transaction.status}
      className={cn('font-semibold tabular-nums', paid ? 'text-up' : 'text-down', className)}
    >
      {paid ? `Paid ${formatNaira(transaction.total)}` : 'Failed: not paid'}
    </span>
  );
}

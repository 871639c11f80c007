import { AlarmClock } from 'lucide-react';
import type { Order } from '../../../../shared/api/orders';
import { payoutDueAt } from '../../../../shared/orders/attention';
import { useAppConfig } from '../../../lib/app-config';
import { formatNaira } from '../../../lib/format';
import { formatRemaining, useCountdown } from '../lib/use-countdown';

/**
 * The customer's deposit is confirmed: the naira is due within PAYOUT_SLA_MINUTES of the
 * confirmation, counted down; past it, the customer is told it is late and that the desk sees
 * it as overdue.
 */
export function PayoutDeadline({ order }: { order: Order }) {
  const { payoutSlaMinutes } = useAppConfig();
  const due = payoutDueAt(order, payoutSlaMinutes);
  const left = useCountdown(due?.toISOString() ?? order.updatedAt, due !== null);
  if (!due) return null;
  const total = formatNaira(order.totalNaira);
  return (
    <p
      data-testid="payout-deadline"
      className="flex items-center gap-2 rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-800"
    >
      <AlarmClock aria-hidden className="size-4 shrink-0" />
      {left > 0 ? (
        <span>
          Deposit confirmed. Your {total} is due within{' '}
          <span className="font-mono font-semibold tabular-nums" aria-live="off">
            {formatRemaining(left)}
          </span>
          .
        </span>
      ) : (
        <span>
          Your {total} is late. The desk sees it as overdue; your agent will update you here.
        </span>
      )}
    </p>
  );
}

import { AlarmClock, MessagesSquare, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import type { Order } from '../../../../shared/api/orders';
import { depositAttention, payoutOverdueMs } from '../../../../shared/orders/attention';
import { Badge } from '../../../components/badge';
import { ListField } from '../../../components/list-field';
import { cn } from '../../../lib/cn';
import { formatCryptoAmount, formatNaira } from '../../../lib/format';
import { formatDuration, orderCustomerLabel } from '../lib/staff-orders';
import { ORDER_STATE_DISPLAY } from '../lib/states';

/** The grid of the column names and the rows, on screens wide enough for columns. */
export const STAFF_ORDER_GRID = 'md:grid-cols-[1.5fr_1.3fr_1fr_1.3fr_1.3fr_0.6fr_auto]';

export const STAFF_ORDER_COLUMNS = [
  'Reference',
  'Customer',
  'Amount',
  'Naira total',
  'State',
  'Age',
  'Chat',
] as const;

/**
 * One order in the staff's Orders list: who, how much, where it stands, how old, and its chat. A payout past
 * PAYOUT_SLA_MINUTES turns the row red and says how late it is.
 */
export function StaffOrderRow({
  order,
  payoutSlaMinutes,
  now,
}: {
  order: Order;
  payoutSlaMinutes: number;
  now: Date;
}) {
  const overdueMs = payoutOverdueMs(order, payoutSlaMinutes, now);
  const overdue = overdueMs !== null;
  const state = ORDER_STATE_DISPLAY[order.state];
  const attention = depositAttention(order);
  return (
    <li
      data-testid="staff-order"
      data-order-id={order.id}
      data-overdue={overdue || undefined}
      className={cn(
        // Every row keeps the border's width, so the columns line up with the red one's.
        'grid grid-cols-2 gap-x-4 gap-y-2 border-l-4 border-l-transparent py-3 pr-4 pl-3 md:items-center md:gap-4 md:pr-6 md:pl-5',
        STAFF_ORDER_GRID,
        overdue && 'border-l-down bg-down-soft/60',
      )}
    >
      <ListField label="Reference" className="col-span-2 md:col-span-1">
        <span className="font-mono font-semibold">{order.reference}</span>
        {overdue && (
          <span
            data-testid="staff-order-overdue"
            className="mt-0.5 flex items-center gap-1 text-xs font-bold text-down"
          >
            <AlarmClock aria-hidden className="size-3.5 shrink-0" />
            Payout overdue by {formatDuration(overdueMs)}
          </span>
        )}
        {attention.length > 0 && (
          <ul aria-label="Deposit problems" className="mt-0.5 flex flex-col gap-0.5">
            {attention.map((a) => (
              <li
                key={a.kind}
                data-testid="staff-order-attention"
                data-kind={a.kind}
                className="flex items-start gap-1 text-xs font-semibold text-orange-800"
              >
                <TriangleAlert aria-hidden className="mt-px size-3.5 shrink-0" />
                {a.text}
              </li>
            ))}
          </ul>
        )}
      </ListField>
      <ListField label="Customer" testId="staff-order-customer">
        {orderCustomerLabel(order)}
      </ListField>
      <ListField label="Amount" testId="staff-order-amount">
        {formatCryptoAmount(order.amountCrypto, order.coin)}
      </ListField>
      <ListField label="Naira total" testId="staff-order-total">
        <span className="font-semibold whitespace-nowrap">{formatNaira(order.totalNaira)}</span>
      </ListField>
      <ListField label="State">
        <Badge
          tone={overdue ? 'red' : state.tone}
          data-testid="staff-order-state"
          className="whitespace-nowrap"
        >
          {state.label}
        </Badge>
      </ListField>
      <ListField label="Age" testId="staff-order-age">
        {formatDuration(now.getTime() - Date.parse(order.createdAt))}
      </ListField>
      <div className="col-span-2 md:col-span-1">
        {/* Named "Open chat of order AC-…" by its text: the name holds what is shown. */}
        <Link
          to={`/chat/${order.chatSessionId}`}
          className="inline-flex min-h-11 items-center gap-2 rounded-xl px-3 text-sm font-semibold text-brand-800 ring-1 ring-line hover:bg-brand-50"
        >
          <MessagesSquare aria-hidden className="size-4" />
          <span>
            Open chat <span className="sr-only">of order {order.reference}</span>
          </span>
        </Link>
      </div>
    </li>
  );
}

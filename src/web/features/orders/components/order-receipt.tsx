import type { Order } from '../../../../shared/api/orders';
import { AMOUNT_SYMBOLS } from '../../../../shared/money';
import { payoutAccountFullLabel } from '../../../../shared/payout-accounts/account-label';
import { formatCryptoAmount, formatDateTime, formatNaira } from '../../../lib/format';
import { OrderTimeline } from './order-timeline';

const COINS: Record<Order['coin'], string> = { bitcoin: 'Bitcoin (BTC)', usdt: 'USDT (TRC20)' };

function Line({
  label,
  value,
  strong = false,
}: {
  label: string;
  value: string;
  strong?: boolean;
}) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt className="shrink-0 text-sm text-ink-muted">{label}</dt>
      <dd
        data-testid={`receipt-${label.toLowerCase().replace(/\s+/g, '-')}`}
        className={
          strong
            ? 'min-w-0 text-right text-lg font-bold break-words text-ink tabular-nums'
            : 'min-w-0 text-right text-sm font-semibold break-words text-ink tabular-nums'
        }
      >
        {value}
      </dd>
    </div>
  );
}

/** A completed sale as a receipt: what was sold, at what rate, what was paid where, and when. */
export function OrderReceipt({ order, brandName }: { order: Order; brandName: string }) {
  const completedAt = order.timeline.findLast((e) => e.state === 'completed')?.at;
  const account = order.payoutAccount;
  return (
    <article
      aria-label={`Receipt for order ${order.reference}`}
      data-receipt
      className="rounded-3xl bg-surface p-5 shadow-card ring-1 ring-black/5 sm:p-8 print:rounded-none print:p-0 print:shadow-none print:ring-0"
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-line pb-4">
        <div>
          <p className="text-sm font-semibold text-brand-700">{brandName}</p>
          <h2 className="text-2xl font-bold tracking-tight">Sale receipt</h2>
        </div>
        <div className="sm:text-right">
          <p className="font-mono text-base font-semibold" data-testid="receipt-reference">
            {order.reference}
          </p>
          {completedAt && (
            <p className="text-sm text-ink-muted">
              Completed <time dateTime={completedAt}>{formatDateTime(completedAt)}</time>
            </p>
          )}
        </div>
      </header>
      <dl className="divide-y divide-line">
        <Line label="Coin" value={COINS[order.coin]} />
        <Line label="Amount" value={formatCryptoAmount(order.amountCrypto, order.coin)} />
        <Line
          label="Locked rate"
          value={`${formatNaira(order.rateNaira)} per ${AMOUNT_SYMBOLS[order.coin]}`}
        />
        <Line label="Total paid" value={formatNaira(order.totalNaira)} strong />
        {account && (
          <Line
            label="Paid into"
            value={`${payoutAccountFullLabel(account)} · ${account.accountName}`}
          />
        )}
        {order.bankReference && <Line label="Bank reference" value={order.bankReference} />}
      </dl>
      <section aria-labelledby="receipt-timeline" className="mt-6 flex flex-col gap-3">
        <h3 id="receipt-timeline" className="text-base font-semibold">
          Timeline
        </h3>
        <OrderTimeline events={order.timeline} />
      </section>
    </article>
  );
}

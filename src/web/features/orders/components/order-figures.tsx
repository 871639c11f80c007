import type { Order } from '../../../../shared/api/orders';
import { AMOUNT_SYMBOLS } from '../../../../shared/money';
import { cn } from '../../../lib/cn';
import { formatCryptoAmount, formatNaira } from '../../../lib/format';
import { PayoutAccountDetails } from '../../../components/payout-account-details';

const VALUE_STYLES = {
  plain: 'text-sm font-semibold break-words',
  strong: 'text-base font-bold break-words',
  /** A hash: monospaced, broken anywhere. */
  code: 'font-mono text-xs break-all',
} as const;

/** One labelled figure of an order or its preview. */
export function Figure({
  label,
  value,
  look = 'plain',
}: {
  label: string;
  value: string;
  look?: keyof typeof VALUE_STYLES;
}) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1.5">
      <dt className="shrink-0 text-sm text-ink-muted">{label}</dt>
      <dd
        data-testid={`order-${label.toLowerCase().replace(/\s+/g, '-')}`}
        className={cn('min-w-0 text-right text-ink tabular-nums', VALUE_STYLES[look])}
      >
        {value}
      </dd>
    </div>
  );
}

/** The order's money: the coins, the locked rate, the naira total, and where it is paid. */
export function OrderFigures({ order }: { order: Order }) {
  return (
    <dl className="divide-y divide-line">
      <Figure label="Amount" value={formatCryptoAmount(order.amountCrypto, order.coin)} />
      <Figure
        label="Locked rate"
        value={`${formatNaira(order.rateNaira)} / ${AMOUNT_SYMBOLS[order.coin]}`}
      />
      <Figure label="Total" value={formatNaira(order.totalNaira)} look="strong" />
      {order.payoutAccount && (
        <div className="flex flex-col gap-1 py-1.5">
          <dt className="text-sm text-ink-muted">Paid into</dt>
          <dd data-testid="order-paid-into">
            <PayoutAccountDetails account={order.payoutAccount} />
          </dd>
        </div>
      )}
      {order.txHash && <Figure label="Tx hash" value={order.txHash} look="code" />}
      {order.returnTxHash && <Figure label="Returned in" value={order.returnTxHash} look="code" />}
    </dl>
  );
}

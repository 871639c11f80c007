import type { OrderPreview } from '../../../../shared/api/orders';
import { dec, AMOUNT_SYMBOLS } from '../../../../shared/money';
import { payoutAccountFullLabel } from '../../../../shared/payout-accounts/account-label';
import { cn } from '../../../lib/cn';
import { errorText } from '../../../lib/error-text';
import { formatCryptoAmount, formatNaira } from '../../../lib/format';
import { minutesText } from '../lib/minutes-text';
import { Figure } from './order-figures';

/** "2.00 % below the market ₦160,463,325.00", or that there is no market price to compare. */
export function marketText(rateMarket: {
  marketRateNaira: string | null;
  marketDeviationPercent: string | null;
}): string {
  const { marketRateNaira, marketDeviationPercent } = rateMarket;
  if (marketRateNaira === null || marketDeviationPercent === null) return 'No market price now';
  const deviation = dec(marketDeviationPercent);
  const where = deviation.isZero() ? 'at' : deviation.isNegative() ? 'below' : 'above';
  const percent = deviation.isZero() ? '' : `${deviation.abs().toFixed(2)} % `;
  return `${percent}${where} the market ${formatNaira(marketRateNaira)}`;
}

/**
 * What a quote would lock, from the server, before the button that locks it: the rate per
 * coin, the coins, the naira total, the payout account and the lock time; for an agent, how
 * far the rate is from the market. `stale`: figures of the last body while the new one is
 * priced (shown dimmed; the form does not lock them).
 */
export function OrderPreviewFigures({
  preview,
  viewer,
  stale,
}: {
  preview: OrderPreview;
  viewer: 'customer' | 'agent';
  stale: boolean;
}) {
  const symbol = AMOUNT_SYMBOLS[preview.coin];
  const customer = viewer === 'customer';
  return (
    <dl
      aria-label="Preview"
      aria-busy={stale}
      data-testid="order-preview"
      className={cn('divide-y divide-line rounded-xl bg-canvas px-3', stale && 'opacity-60')}
    >
      <Figure label="Rate" value={`${formatNaira(preview.rateNaira)} / ${symbol}`} />
      {!customer && <Figure label="Market" value={marketText(preview)} />}
      <Figure
        label={customer ? 'You send' : 'Customer sends'}
        value={formatCryptoAmount(preview.amountCrypto, preview.coin)}
      />
      <Figure
        label={customer ? 'You receive' : 'Customer receives'}
        value={formatNaira(preview.totalNaira)}
        look="strong"
      />
      {customer && (
        <Figure
          label="Paid into"
          value={
            preview.payoutAccount
              ? `${payoutAccountFullLabel(preview.payoutAccount)} · ${preview.payoutAccount.accountName}`
              : 'Choose an account'
          }
        />
      )}
      <Figure label="Rate locked for" value={minutesText(preview.lockMinutes)} />
    </dl>
  );
}

/** The preview query as the forms use it: its figures, and whether they may be locked now. */
type PreviewQuery = {
  data: OrderPreview | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
};

/** True when the figures shown are the server's answer for what the form holds now. */
export function lockable(query: PreviewQuery): query is PreviewQuery & { data: OrderPreview } {
  return (
    query.data !== undefined && !query.isError && !query.isPlaceholderData && !query.isFetching
  );
}

/**
 * The preview where the form has one: its figures, "Pricing…" before the first answer, or why
 * the server would refuse this quote (the limits, a rate the desk is updating).
 */
export function QuotePreview({
  query,
  priced,
  viewer,
}: {
  query: PreviewQuery;
  /** False while the form holds nothing worth pricing (no valid amount yet). */
  priced: boolean;
  viewer: 'customer' | 'agent';
}) {
  if (!priced) return null;
  if (query.isError) {
    return (
      <p
        role="alert"
        className="rounded-xl bg-canvas px-3 py-2 text-sm text-down"
        data-testid="preview-problem"
      >
        {errorText(query.error, 'Could not price this order. Try again.')}
      </p>
    );
  }
  if (!query.data) return <p className="text-sm text-ink-muted">Pricing…</p>;
  return <OrderPreviewFigures preview={query.data} viewer={viewer} stale={!lockable(query)} />;
}

import type { Order } from '../../../../shared/api/orders';
import { RATE_SYMBOLS } from '../../../../shared/domain';
import { deviationPercent } from '../../../../shared/market-guard';
import { AMOUNT_SYMBOLS } from '../../../../shared/money';
import { formatNaira } from '../../../lib/format';
import { usePrices } from '../../prices/api/get-prices';
import { Figure } from './order-figures';
import { marketText } from './order-preview';

/**
 * A quote's rate beside the market price now and the difference in percent: what the customer
 * reads before "Accept quote", so a rate far from the market is never taken blind.
 */
export function QuoteVsMarket({ order }: { order: Order }) {
  const prices = usePrices();
  const market = prices.data?.find((p) => p.symbol === RATE_SYMBOLS[order.coin])?.ngn ?? null;
  return (
    <dl className="divide-y divide-line rounded-xl bg-canvas px-3" data-testid="quote-vs-market">
      <Figure
        label="Quote rate"
        value={`${formatNaira(order.rateNaira)} / ${AMOUNT_SYMBOLS[order.coin]}`}
      />
      <Figure
        label="Compared with"
        value={marketText({
          marketRateNaira: market,
          marketDeviationPercent:
            market === null ? null : deviationPercent(order.rateNaira, market),
        })}
      />
    </dl>
  );
}

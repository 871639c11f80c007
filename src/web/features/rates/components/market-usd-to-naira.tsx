import type { Price } from '../../../../shared/api/prices';
import { formatNaira } from '../../../lib/format';

export const NO_MARKET_REFERENCE = 'No market reference yet: this rate is not checked';

/**
 * The market's USD-to-naira beside the typed one: what the price service says one USDT is in
 * naira. Saving a rate further than the guard from it asks for a confirmation (the server's 409).
 */
export function MarketUsdToNaira({ prices }: { prices: readonly Price[] }) {
  const marketNgn = prices.find((p) => p.symbol === 'USDT')?.marketNgn ?? null;
  return (
    <p className="mt-2 text-sm text-ink-muted" data-testid="market-usd-to-naira">
      {marketNgn === null
        ? NO_MARKET_REFERENCE
        : `Market: ${formatNaira(marketNgn)}/USD (USDT in NGN)`}
    </p>
  );
}

import type { Price } from '../../../../shared/api/prices';
import { formatDateTime, formatNaira, formatUsd } from '../../../lib/format';
import { ChangeBadge } from '../../../components/change-badge';
import { CoinIcon } from '../../../components/coin-icon';
import { PortalCard } from '../../../components/portal-page';

export const PRICES_FAILED = 'Failed to fetch current market prices';

function PriceRow({ price }: { price: Price }) {
  return (
    <li
      data-testid={`market-price-${price.symbol}`}
      data-stale={price.stale}
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl border border-line p-3"
    >
      <CoinIcon currency={price.symbol === 'BTC' ? 'bitcoin' : 'usdt'} />
      <div className="min-w-0 flex-1">
        <p className="leading-tight font-semibold">
          {price.name} <span className="font-normal text-ink-muted">{price.symbol}</span>
        </p>
        <p className="text-lg font-bold tabular-nums">{formatUsd(price.usd)}</p>
        <p className="text-sm text-ink-muted tabular-nums">{formatNaira(price.ngn)}</p>
      </div>
      <div className="flex flex-col items-end gap-1">
        {price.change24h !== null && <ChangeBadge change={price.change24h} />}
        {price.stale && (
          <span className="rounded-md bg-yellow-50 px-1.5 py-0.5 text-xs font-semibold text-yellow-900 ring-1 ring-yellow-600/30 ring-inset">
            Stale
          </span>
        )}
      </div>
      {price.stale && (
        <p className="w-full text-xs text-ink-muted">
          Not refreshed lately. Last updated {formatDateTime(price.updatedAt)}
        </p>
      )}
    </li>
  );
}

/** The spec's "Live Market Prices": the server's price feed, stale prices marked. */
export function MarketPricesCard({
  prices,
  loading,
}: {
  prices: readonly Price[];
  loading: boolean;
}) {
  return (
    <PortalCard aria-labelledby="market-prices-title" data-testid="market-prices">
      <div className="flex items-center justify-between gap-2">
        <h2 id="market-prices-title" className="text-lg font-bold">
          Live Market Prices
        </h2>
        {prices.length > 0 && prices.every((p) => !p.stale) && (
          <span className="inline-flex items-center gap-1.5 rounded-full bg-up-soft px-2.5 py-1 text-xs font-semibold text-up">
            <span
              aria-hidden
              className="size-1.5 rounded-full bg-up motion-safe:animate-pulse-dot"
            />
            Live
          </span>
        )}
      </div>
      {loading ? (
        <p role="status" className="mt-3 text-sm text-ink-muted">
          Loading market prices...
        </p>
      ) : prices.length === 0 ? (
        <p role="alert" className="mt-3 text-sm font-medium text-down">
          {PRICES_FAILED}. Auto Calculate needs a market price; you can still type rates.
        </p>
      ) : (
        <ul className="mt-3 grid gap-2">
          {prices.map((price) => (
            <PriceRow key={price.symbol} price={price} />
          ))}
        </ul>
      )}
    </PortalCard>
  );
}

import { MessageCircle, MessagesSquare, ShieldCheck } from 'lucide-react';
import { lazy } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import type { Price } from '../../../../shared/api/prices';
import { usePrices } from '../../prices/api/get-prices';
import { whatsAppTradeLink, type TradeAsset } from '../whatsapp-link';
import { CoinIcon } from '../../../components/coin-icon';
import { ClientOnly } from '../../../lib/client-only';
import { ChangeBadge } from '../../../components/change-badge';
import { PriceFigures } from './price-display';

/** Rarely shown, and the date formats with it: a chunk of its own. */
const StaleNote = lazy(() => import('./stale-note'));

interface Asset {
  symbol: Price['symbol'];
  name: TradeAsset;
}

const ASSETS: readonly Asset[] = [
  { symbol: 'BTC', name: 'Bitcoin' },
  { symbol: 'USDT', name: 'USDT' },
];

function FiguresSkeleton() {
  return (
    <div aria-hidden className="flex flex-col gap-2 pt-1">
      <span className="h-7 w-44 animate-pulse rounded-md bg-line" />
      <span className="h-4 w-20 animate-pulse rounded-md bg-line/70" />
    </div>
  );
}

function PriceRow({
  asset,
  price,
  loading,
  whatsappNumber,
}: {
  asset: Asset;
  price: Price | undefined;
  loading: boolean;
  whatsappNumber: string;
}) {
  return (
    <li data-testid={`price-row-${asset.symbol}`} className="rounded-2xl border border-line p-4">
      <div className="flex items-center gap-3">
        <CoinIcon currency={asset.symbol === 'BTC' ? 'bitcoin' : 'usdt'} size="lg" />
        <div className="min-w-0 flex-1">
          <h3 className="leading-tight font-semibold">{asset.name}</h3>
          <p className="text-sm text-ink-muted">{asset.symbol}</p>
        </div>
        {price?.change24h != null && <ChangeBadge change={price.change24h} />}
      </div>
      <div className="mt-3 min-h-[3.25rem]">
        {loading ? <FiguresSkeleton /> : <PriceFigures symbol={asset.symbol} price={price} />}
      </div>
      <a
        href={whatsAppTradeLink(whatsappNumber, asset.name)}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClasses({ size: 'lg', className: 'mt-3 w-full' })}
      >
        <MessageCircle aria-hidden />
        Trade {asset.name} Now
      </a>
    </li>
  );
}

/** Reads the prices itself, so a price update renders the card and not the whole page. */
export function SellCard({ whatsappNumber }: { whatsappNumber: string }) {
  const query = usePrices();
  // A failed fetch counts as "no prices": the rows say "Fair Market Rate".
  const prices = query.data ?? [];
  const loading = query.isPending;
  const live = prices.length > 0 && prices.every((p) => !p.stale);
  return (
    <section
      id="sell"
      aria-labelledby="sell-title"
      className="rounded-3xl bg-surface p-4 text-ink shadow-card ring-1 ring-black/5 sm:p-6"
    >
      <div className="flex items-start justify-between gap-3 px-1">
        <div>
          <h2 id="sell-title" className="text-xl font-bold tracking-tight sm:text-2xl">
            Sell Your Crypto
          </h2>
          <p className="mt-1 text-sm text-ink-muted">Get naira for your Bitcoin and USDT.</p>
        </div>
        {live && (
          <span className="mt-1 inline-flex shrink-0 items-center gap-1.5 rounded-full bg-up-soft px-2.5 py-1 text-xs font-semibold text-up">
            <span
              aria-hidden
              className="size-1.5 rounded-full bg-up motion-safe:animate-pulse-dot"
            />
            Live rates
          </span>
        )}
      </div>
      <ul className="mt-4 flex flex-col gap-3" aria-busy={loading}>
        {ASSETS.map((asset) => (
          <PriceRow
            key={asset.symbol}
            asset={asset}
            price={prices.find((p) => p.symbol === asset.symbol)}
            loading={loading}
            whatsappNumber={whatsappNumber}
          />
        ))}
      </ul>
      {/* The time is the visitor's own: never in the server's markup (decision 005). */}
      {prices.some((p) => p.stale) && (
        <ClientOnly fallback={null}>
          <StaleNote prices={prices} />
        </ClientOnly>
      )}
      <Link
        to="/trade"
        className={buttonClasses({ variant: 'outline', size: 'lg', className: 'mt-3 w-full' })}
      >
        <MessagesSquare aria-hidden />
        Chat here
      </Link>
      <p className="mt-3 flex items-center justify-center gap-2 text-sm font-medium text-brand-800">
        <ShieldCheck aria-hidden className="size-4 shrink-0" />
        No KYC, no third parties required
      </p>
    </section>
  );
}

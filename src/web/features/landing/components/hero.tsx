import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { usePrices } from '../../prices/api/get-prices';
import { PriceTicker } from './price-ticker';

const TRUST_POINTS = ['No KYC', 'Real human agents', 'Paid in naira'] as const;

/**
 * The live ticker under the headline: a placeholder while the prices load, nothing when there
 * are none (a failed fetch counts as none). It reads the prices itself, so a price update
 * renders it and not the whole hero.
 */
function HeroTicker() {
  const { data, isPending } = usePrices();
  if (isPending) {
    return (
      <span
        aria-hidden
        className="mt-6 block h-11 w-72 max-w-full animate-pulse rounded-full bg-white/10"
      />
    );
  }
  if (!data?.length) return null;
  return (
    <div className="mt-6">
      <PriceTicker prices={data} />
    </div>
  );
}

export function Hero({
  brandName,
  card,
}: {
  brandName: string;
  /** The "Sell Your Crypto" card, beside the text on wide screens and below it on phones. */
  card: ReactNode;
}) {
  return (
    <section
      aria-labelledby="hero-title"
      className="on-dark relative overflow-hidden bg-brand-950 text-white"
    >
      <div aria-hidden className="hero-backdrop pointer-events-none absolute inset-0" />
      <div className="relative mx-auto grid max-w-6xl grid-cols-1 gap-10 px-4 pt-8 pb-10 sm:px-6 sm:pt-16 lg:grid-cols-[1fr_440px] lg:items-start lg:gap-14 lg:pt-12 lg:pb-20">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/5 px-3 py-1 text-xs font-semibold tracking-wide text-brand-200 uppercase">
            Bitcoin &amp; USDT to naira
          </p>
          <h1
            id="hero-title"
            className="mt-4 text-[2.5rem] leading-[1.05] font-extrabold tracking-tight text-balance sm:text-6xl"
          >
            Sell crypto, we go <span className="text-gold-300">{brandName}</span>
          </h1>
          <p className="mt-4 max-w-xl text-base leading-relaxed text-brand-100/90 sm:mt-5 sm:text-lg">
            Chat with a real agent, get a fair rate for your Bitcoin or USDT, and receive naira
            cash. Simple, personal and fast.
          </p>
          <HeroTicker />
          <ul className="mt-7 hidden flex-wrap gap-x-6 gap-y-3 text-sm font-medium text-white/90 sm:flex">
            {TRUST_POINTS.map((point) => (
              <li key={point} className="flex items-center gap-2">
                <ShieldCheck aria-hidden className="size-5 text-gold-300" />
                {point}
              </li>
            ))}
          </ul>
        </div>
        {card}
      </div>
    </section>
  );
}

import { Pause, Play } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Price } from '../../../../shared/api/prices';
import { TickerItem } from './price-display';

/** The spec's ticker rotation. */
export const TICKER_ROTATION_MS = 3_000;

/** One price at a time, rotating every 3 s; a button pauses it (WCAG 2.2.2). */
export function PriceTicker({ prices }: { prices: readonly Price[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = prices.length;

  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), TICKER_ROTATION_MS);
    return () => clearInterval(timer);
  }, [count, paused]);

  const price = prices[index % count];
  if (!price) return null;

  return (
    <div
      data-testid="price-ticker"
      className="inline-flex h-11 max-w-full items-center gap-2.5 rounded-full border border-white/15 bg-white/10 pr-1 pl-4 sm:gap-3 text-sm text-white backdrop-blur"
    >
      <span className="flex items-center gap-1.5 text-xs font-semibold tracking-wider text-brand-200 uppercase">
        <span
          aria-hidden
          className="size-2 rounded-full bg-gold-400 motion-safe:animate-pulse-dot"
        />
        <span className="sr-only sm:not-sr-only">Live</span>
      </span>
      <span role="marquee" aria-label="Live prices" className="min-w-0 overflow-hidden">
        <TickerItem key={price.symbol} price={price} />
      </span>
      {count > 1 && (
        <button
          type="button"
          onClick={() => setPaused((p) => !p)}
          aria-label={paused ? 'Resume price ticker' : 'Pause price ticker'}
          className="relative ml-auto inline-flex size-9 shrink-0 items-center justify-center rounded-full text-white/80 after:absolute after:-inset-1 hover:bg-white/10 hover:text-white"
        >
          {paused ? (
            <Play aria-hidden className="size-4" />
          ) : (
            <Pause aria-hidden className="size-4" />
          )}
        </button>
      )}
    </div>
  );
}

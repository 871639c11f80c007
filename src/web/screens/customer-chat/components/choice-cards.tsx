import { ChevronRight, LoaderCircle } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { categoryDetails, TRADE_CATEGORIES, type TradeCategory } from '../../../features/messages';
import { CoinAvatar } from '../../../features/messages';

/**
 * The customer's choice: "Bitcoin Trading" or "USDT Trading". While a conversation is being
 * started both are blocked and the chosen one says "Starting conversation...".
 */
export function ChoiceCards({
  creating,
  onChoose,
}: {
  /** The category being started, or null. */
  creating: TradeCategory | null;
  onChoose: (category: TradeCategory) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 sm:gap-4" aria-busy={creating !== null}>
      {TRADE_CATEGORIES.map((category) => {
        const details = categoryDetails(category);
        const busy = creating === category;
        return (
          <button
            key={category}
            type="button"
            data-testid={`choice-${category}`}
            disabled={creating !== null}
            onClick={() => onChoose(category)}
            className={cn(
              'group flex w-full items-center gap-4 rounded-2xl bg-surface p-4 text-left shadow-card ring-1 ring-black/5 transition sm:p-5',
              'enabled:hover:-translate-y-0.5 enabled:hover:ring-brand-600/40 disabled:cursor-not-allowed',
              creating !== null && !busy && 'opacity-55',
            )}
          >
            <CoinAvatar symbol={details.symbol} size="lg" />
            <span className="min-w-0 flex-1">
              <span className="flex items-center gap-2">
                <span className="text-[17px] leading-tight font-semibold text-ink">
                  {details.title}
                </span>
                <span
                  className={cn(
                    'rounded-md px-1.5 py-0.5 text-[11px] font-bold tracking-wider',
                    details.symbol === 'BTC'
                      ? 'bg-[#fff1de] text-[#9a4d00]'
                      : 'bg-[#dcf5ec] text-[#0d6b4e]',
                  )}
                >
                  {details.symbol}
                </span>
              </span>
              <span className="mt-1 block text-sm text-ink-muted">
                {busy ? 'Starting conversation...' : `Chat with our ${details.desk}`}
              </span>
            </span>
            {busy ? (
              <LoaderCircle aria-hidden className="size-5 shrink-0 animate-spin text-brand-700" />
            ) : (
              <ChevronRight
                aria-hidden
                className="size-5 shrink-0 text-ink-muted transition-transform group-enabled:group-hover:translate-x-0.5"
              />
            )}
          </button>
        );
      })}
    </div>
  );
}

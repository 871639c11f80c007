import { History } from 'lucide-react';
import { useMemo } from 'react';
import { NextPageButton } from '../../../components/load-more';
import { Button } from '../../../components/ui/button';
import { formatDateTime, formatNaira } from '../../../lib/format';
import { usePageItems } from '../../../lib/use-page-items';
import { useRateHistory } from '../api/get-rate-history';
import { groupDigits } from '../lib/decimal-field';
import { describeHistory, type HistoryChange, type ValueKind } from '../lib/rate-history';
import { RATE_NAMES } from '../lib/symbols';
import { PortalCard } from '../../../components/portal-page';

function formatValue(value: string, kind: ValueKind): string {
  if (kind === 'percent') return `${value}%`;
  // USD rates keep every place they were saved with (a USDT rate like $0.990198).
  return kind === 'usd' ? `$${groupDigits(value)}` : formatNaira(value);
}

function Change({ change }: { change: HistoryChange }) {
  return (
    <li className="flex flex-wrap items-baseline gap-x-1.5 text-sm">
      <span className="text-ink-muted">{change.label}</span>
      {change.before !== null && (
        <>
          <del className="text-ink-muted tabular-nums">
            {formatValue(change.before, change.kind)}
          </del>
          <span aria-hidden className="text-ink-muted">
            →
          </span>
          <span className="sr-only">to</span>
        </>
      )}
      <span className="font-semibold tabular-nums">{formatValue(change.after, change.kind)}</span>
    </li>
  );
}

/** Every save of the rates: who, when, and each value with the one it replaced. */
export function RateHistory() {
  const query = useRateHistory();
  const items = usePageItems(query);
  const saves = useMemo(() => describeHistory(items), [items]);
  return (
    <PortalCard aria-labelledby="rate-history-title" data-testid="rate-history">
      <h2 id="rate-history-title" className="flex items-center gap-2 text-lg font-bold">
        <History aria-hidden className="size-5 text-brand-700" />
        Rate history
      </h2>
      {query.isPending ? (
        <p role="status" className="mt-3 text-sm text-ink-muted">
          Loading rate history...
        </p>
      ) : query.isError ? (
        <div role="alert" className="mt-3 text-sm">
          <p className="font-medium text-down">Failed to fetch the rate history</p>
          <Button variant="outline" className="mt-3" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : saves.length === 0 ? (
        <p className="mt-3 text-sm text-ink-muted">
          No changes yet. Customers see the market price until an agent saves a rate.
        </p>
      ) : (
        <>
          <ol className="mt-3 flex flex-col divide-y divide-line">
            {saves.map((save) => (
              <li key={save.key} className="py-3 first:pt-0" data-testid="rate-history-entry">
                <p className="text-sm">
                  <span className="font-semibold">{save.changedBy}</span>{' '}
                  <span className="text-ink-muted">
                    on <time dateTime={save.changedAt}>{formatDateTime(save.changedAt)}</time>
                  </span>
                </p>
                {save.usdToNaira && (
                  <ul className="mt-1">
                    <Change change={save.usdToNaira} />
                  </ul>
                )}
                <div className="mt-1 grid gap-2 sm:grid-cols-2">
                  {save.currencies.map(({ currency, changes }) => (
                    <div key={currency} className="rounded-xl bg-canvas px-3 py-2">
                      <p className="text-sm font-semibold">{RATE_NAMES[currency]}</p>
                      {changes.length === 0 ? (
                        <p className="text-sm text-ink-muted">No change</p>
                      ) : (
                        <ul>
                          {changes.map((change) => (
                            <Change key={change.label} change={change} />
                          ))}
                        </ul>
                      )}
                    </div>
                  ))}
                </div>
              </li>
            ))}
          </ol>
          <NextPageButton query={query} className="mt-2" />
        </>
      )}
    </PortalCard>
  );
}

import type { ReactNode } from 'react';
import type { Transaction } from '../../../../shared/api/transactions';
import { cn } from '../../../lib/cn';
import { formatCryptoAmount, formatDateTime, formatNaira } from '../../../lib/format';
import { TransactionStatusBadge } from './status-badge';
import { TradeOutcome } from './trade-outcome';

const CURRENCY_NAMES: Record<Transaction['currency'], string> = {
  bitcoin: 'Bitcoin',
  usdt: 'USDT',
  usd: 'US dollars',
};

function Row({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1.5">
      <dt className="shrink-0 text-sm text-ink-muted">{label}</dt>
      <dd
        data-testid={testId}
        className="min-w-0 text-right font-semibold break-words tabular-nums"
      >
        {children}
      </dd>
    </div>
  );
}

/**
 * One transaction as the spec's Trading History shows it: its type, status badge, Amount
 * with the currency in upper case, Rate in Naira, Total, Date (en-NG) and Reference. The
 * total is the server's (amount x rate, half-up to the kobo), formatted, never recomputed.
 */
export function TransactionCard({
  transaction,
  actions,
  compact = false,
  className,
}: {
  transaction: Transaction;
  /** Under the figures: an agent's Complete / Fail on a pending one. */
  actions?: ReactNode;
  compact?: boolean;
  className?: string;
}) {
  const t = transaction;
  return (
    <article
      data-testid="transaction-card"
      data-transaction-id={t.id}
      aria-labelledby={`transaction-${t.id}-title`}
      className={cn(
        'rounded-2xl border border-line bg-surface',
        compact ? 'p-3' : 'p-4 shadow-sm sm:p-5',
        className,
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3
            id={`transaction-${t.id}-title`}
            className="leading-tight font-bold"
            data-testid="transaction-type"
          >
            {t.transactionType}
          </h3>
          <p className="mt-0.5 text-sm text-ink-muted">{CURRENCY_NAMES[t.currency]}</p>
        </div>
        <TransactionStatusBadge status={t.status} />
      </div>
      {t.manual && (
        <p
          className="mt-1.5 inline-block rounded-full border border-line bg-canvas px-2.5 py-0.5 text-xs font-semibold text-ink-muted"
          title="Recorded by hand before trades came from orders; not counted in volume"
          data-testid="transaction-manual"
        >
          Manual, before orders
        </p>
      )}
      <TradeOutcome transaction={t} className="mt-1 block text-base" />
      <dl className="mt-2 divide-y divide-line">
        <Row label="Amount" testId="transaction-amount">
          {formatCryptoAmount(t.amount, t.currency)}
        </Row>
        <Row label="Rate" testId="transaction-rate">
          {formatNaira(t.rate)}
        </Row>
        <Row label="Total" testId="transaction-total">
          <span className="text-lg text-brand-800">{formatNaira(t.total)}</span>
        </Row>
        <Row label="Date" testId="transaction-date">
          <time dateTime={t.createdAt}>{formatDateTime(t.createdAt)}</time>
        </Row>
        <Row label="Reference" testId="transaction-reference">
          <span className="font-mono text-sm tracking-wide">{t.reference}</span>
        </Row>
      </dl>
      {t.reason && (
        <p className="mt-2 rounded-xl bg-canvas px-3 py-2 text-sm text-ink-muted">
          <span className="font-semibold text-ink">Reason:</span> {t.reason}
        </p>
      )}
      {actions && <div className="mt-3 flex flex-wrap gap-2">{actions}</div>}
    </article>
  );
}

import { TRANSACTION_TYPE_LABELS } from '../../../../shared/api/transactions';
import type { TransactionStatus } from '../../../../shared/domain';
import { TRANSACTION_STATUS_LABELS } from '../../../lib/labels';
import { AMOUNT_SYMBOLS, formatCryptoAmount, formatNaira } from '../../../../shared/money';
import {
  useTransactions,
  type AdminTransaction,
  type TransactionStatusFilter,
} from '../../../features/reports';
import { formatDateTime } from '../lib/format';
import type { BadgeTone } from '../../../components/badge';
import { ListField } from '../../../components/list-field';
import { ListCard, ListRow, StatusField, type ListColumn } from './list-parts';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'pending_approval', label: 'Waiting for approval' },
  { value: 'pending', label: 'Pending' },
  { value: 'completed', label: 'Completed' },
  { value: 'failed', label: 'Failed' },
] as const satisfies readonly { value: TransactionStatusFilter; label: string }[];

const STATUS_TONES: Record<TransactionStatus, BadgeTone> = {
  pending_approval: 'orange',
  pending: 'yellow',
  completed: 'green',
  failed: 'red',
};

const COLUMNS: ListColumn[] = [
  { label: 'Amount', width: 'minmax(0,1.3fr)' },
  { label: 'Status', width: '6.5rem' },
  { label: 'Rate', width: 'minmax(0,1fr)', className: 'text-right' },
  { label: 'Total', width: 'minmax(0,1fr)', className: 'text-right' },
  { label: 'Date', width: '9.5rem', className: 'text-right' },
];

function TransactionRow({ transaction: t }: { transaction: AdminTransaction }) {
  return (
    <ListRow
      data-testid="transaction-row"
      data-reference={t.reference}
      className="grid-cols-[minmax(0,1fr)_auto] gap-x-4"
    >
      <div className="min-w-0">
        <p data-testid="transaction-amount" className="font-bold tabular-nums">
          {formatCryptoAmount(t.amount, t.currency)}
        </p>
        <p className="truncate text-sm text-ink-muted">
          {t.customerName} · <span className="font-mono text-xs">{t.reference}</span>
        </p>
        <p className="text-xs text-ink-muted">{TRANSACTION_TYPE_LABELS[t.type]}</p>
      </div>
      <StatusField tone={STATUS_TONES[t.status]} testId="transaction-status">
        {TRANSACTION_STATUS_LABELS[t.status]}
      </StatusField>
      <ListField label="Rate" testId="transaction-rate" className="md:text-right">
        {formatNaira(t.rate)}
        <span className="text-ink-muted">/{AMOUNT_SYMBOLS[t.currency]}</span>
      </ListField>
      <ListField label="Total" testId="transaction-total" className="text-right">
        <span className="font-semibold">{formatNaira(t.total)}</span>
      </ListField>
      <ListField
        label="Date"
        testId="transaction-date"
        className="col-span-2 md:col-span-1 md:text-right"
      >
        {formatDateTime(t.createdAt)}
      </ListField>
    </ListRow>
  );
}

/** The Transactions tab: every transaction, by status, searchable by reference or customer. */
export function TransactionsTab() {
  return (
    <ListCard
      label="Transactions"
      filter={{ label: 'Status', options: STATUS_OPTIONS, className: 'sm:w-[26rem]' }}
      searchPlaceholder="Search reference or name"
      useList={useTransactions}
      emptyHint="Transactions will appear here"
      columns={COLUMNS}
      row={(t) => <TransactionRow key={t.id} transaction={t} />}
    />
  );
}

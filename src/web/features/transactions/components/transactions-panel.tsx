import { Check, History, ReceiptText, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Transaction } from '../../../../shared/api/transactions';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError, isUnauthorizedError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { errorText } from '../../../lib/error-text';
import { formatCryptoAmount, formatNaira } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useSessionTransactions } from '../api/get-session-transactions';
import { useSetTransactionStatus, type FinalStatus } from '../api/set-transaction-status';
import { useLiveConnection } from '../../../lib/realtime';
import { TransactionCard } from './transaction-card';

const CONFIRM: Record<FinalStatus, { title: string; description: string; action: string }> = {
  completed: {
    title: 'Complete this transaction?',
    description: 'The customer is told it is paid. A completed transaction cannot change again.',
    action: 'Complete transaction',
  },
  failed: {
    title: 'Fail this transaction?',
    description: 'The customer is told it failed. A failed transaction cannot change again.',
    action: 'Fail transaction',
  },
};

function StatusActions({
  transaction,
  customerName,
  onConflict,
}: {
  transaction: Transaction;
  customerName: string;
  onConflict: () => void;
}) {
  const change = useSetTransactionStatus();
  /** The status the agent chose, asked about before it is sent: it cannot be undone. */
  const [asking, setAsking] = useState<FinalStatus | null>(null);
  const set = (status: FinalStatus) =>
    change.mutate(
      { id: transaction.id, status },
      {
        onSettled: () => setAsking(null),
        onError: (error) => {
          if (isUnauthorizedError(error)) return;
          // Someone else settled it first: show what it is now.
          if (error instanceof ApiError && error.status === 409) onConflict();
          toast({
            title: 'Error',
            description: errorText(error, 'Failed to update the transaction'),
            variant: 'destructive',
          });
        },
      },
    );
  const pending = change.isPending;
  const confirm = asking ? CONFIRM[asking] : null;
  return (
    <>
      <ConfirmDialog
        open={asking !== null}
        title={confirm?.title ?? ''}
        description={confirm?.description ?? ''}
        facts={[
          { label: 'Customer', value: customerName },
          { label: 'Reference', value: transaction.reference },
          { label: 'Amount', value: formatCryptoAmount(transaction.amount, transaction.currency) },
          { label: 'Total', value: formatNaira(transaction.total) },
        ]}
        confirmLabel={confirm?.action ?? ''}
        danger={asking === 'failed'}
        pending={pending}
        onConfirm={() => asking && set(asking)}
        onCancel={() => setAsking(null)}
      />
      <Button
        onClick={() => setAsking('completed')}
        disabled={pending}
        aria-label={`Complete ${transaction.reference}`}
        className="flex-1"
      >
        <Check aria-hidden />
        Complete
      </Button>
      <Button
        variant="outline"
        onClick={() => setAsking('failed')}
        disabled={pending}
        aria-label={`Fail ${transaction.reference}`}
        className="flex-1 border-down/40 text-down hover:border-down hover:bg-down-soft"
      >
        <X aria-hidden />
        Fail
      </Button>
    </>
  );
}

/**
 * A chat's transactions as cards, live for both sides ('transaction.*' events). Agents also
 * get Complete / Fail on pending cards, and where a trade comes from: an order (Send quote),
 * never a form of its own (docs/decisions/023-trades-only-from-orders.md).
 */
export function TransactionsPanel({
  chatSessionId,
  viewer,
  customerId,
  customerName,
  className,
}: {
  chatSessionId: number;
  viewer: 'customer' | 'agent';
  /** The chat's customer: the agent's link to their trading history. */
  customerId?: string;
  /** Who Complete and Fail are confirmed for. */
  customerName?: string;
  className?: string;
}) {
  const query = useSessionTransactions(chatSessionId);
  useLiveConnection();
  const agent = viewer === 'agent';
  const transactions = query.data ?? [];
  const historyFor = customerId ?? transactions[0]?.customerId;

  return (
    <section
      aria-labelledby={`transactions-${chatSessionId}-title`}
      data-testid="transactions-panel"
      className={cn('flex flex-col gap-3', className)}
    >
      <div className="flex items-center justify-between gap-2">
        <h2
          id={`transactions-${chatSessionId}-title`}
          className="flex items-center gap-2 text-base font-bold"
        >
          <ReceiptText aria-hidden className="size-5 text-brand-700" />
          Transactions
          {transactions.length > 0 && (
            <span className="rounded-full bg-brand-50 px-2 text-xs font-semibold text-brand-800">
              {transactions.length}
            </span>
          )}
        </h2>
      </div>

      {agent && (
        <p data-testid="trades-from-orders" className="text-sm text-ink-muted">
          A trade is recorded when its order completes. To record a deal, send the customer a quote
          with <strong className="font-semibold text-ink">Send quote</strong>: they accept it and it
          runs like any order.
        </p>
      )}

      {query.isPending ? (
        <p role="status" className="text-sm text-ink-muted">
          Loading transactions...
        </p>
      ) : query.isError ? (
        <div role="alert" className="text-sm">
          <p className="font-medium text-down">Failed to fetch transactions</p>
          <Button variant="outline" className="mt-2" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : transactions.length === 0 ? (
        <p className="text-sm text-ink-muted">No transactions in this chat yet.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {transactions.map((t) => (
            <li key={t.id}>
              <TransactionCard
                compact
                transaction={t}
                actions={
                  agent && t.status === 'pending' ? (
                    <StatusActions
                      transaction={t}
                      customerName={customerName ?? `Customer #${t.customerId.slice(-4)}`}
                      onConflict={() => void query.refetch()}
                    />
                  ) : undefined
                }
              />
            </li>
          ))}
        </ul>
      )}

      {agent && historyFor && (
        <Link
          to={`/agent/trading-history?customerId=${encodeURIComponent(historyFor)}`}
          className="inline-flex min-h-11 items-center gap-2 self-start rounded-xl px-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          <History aria-hidden className="size-[18px]" />
          Customer&apos;s trading history
        </Link>
      )}
    </section>
  );
}

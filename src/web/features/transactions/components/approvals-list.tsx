import { Check, X } from 'lucide-react';
import { useState } from 'react';
import type { Transaction } from '../../../../shared/api/transactions';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { isUnauthorizedError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { toast } from '../../../lib/toast';
import { useApprovals, useDecideTransaction, type Decision } from '../api/approvals';
import { useLiveConnection } from '../../../lib/realtime';
import { TransactionCard } from './transaction-card';

function Decide({ transaction }: { transaction: Transaction }) {
  const decide = useDecideTransaction();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const send = (decision: Decision) =>
    decide.mutate(decision, {
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        toast({
          title: 'Error',
          description: errorText(error, 'Failed to decide the transaction'),
          variant: 'destructive',
        });
      },
    });
  if (rejecting) {
    return (
      <form
        className="flex w-full flex-wrap gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          send({ id: transaction.id, approve: false, reason });
        }}
      >
        <Input
          aria-label={`Reason for rejecting ${transaction.reference}`}
          placeholder="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          className="min-w-0 flex-1"
          required
        />
        <Button type="submit" variant="outline" disabled={decide.isPending || !reason.trim()}>
          Reject
        </Button>
      </form>
    );
  }
  return (
    <>
      <Button
        onClick={() => send({ id: transaction.id, approve: true })}
        disabled={decide.isPending}
        aria-label={`Approve ${transaction.reference}`}
        className="flex-1"
      >
        <Check aria-hidden />
        Approve
      </Button>
      <Button
        variant="outline"
        onClick={() => setRejecting(true)}
        disabled={decide.isPending}
        aria-label={`Reject ${transaction.reference}`}
        className="flex-1 border-down/40 text-down hover:border-down hover:bg-down-soft"
      >
        <X aria-hidden />
        Reject
      </Button>
    </>
  );
}

/**
 * The admins' Approvals list (decision 028), live: each transaction waiting, with Approve and
 * Reject for any admin but its creator, who sees that another admin must decide it.
 */
export function ApprovalsList({ viewerId }: { viewerId: string | undefined }) {
  const query = useApprovals();
  useLiveConnection();
  if (query.isPending) return <p role="status">Loading approvals...</p>;
  if (query.isError)
    return <p role="alert">{errorText(query.error, 'Failed to fetch approvals')}</p>;
  if (query.data.length === 0) {
    return <p className="text-sm text-ink-muted">Nothing is waiting for approval.</p>;
  }
  return (
    <ul data-testid="approvals-list" className="grid gap-3 sm:grid-cols-2">
      {query.data.map((t) => (
        <li key={t.id}>
          <TransactionCard
            transaction={t}
            actions={
              t.agentId === viewerId ? (
                <p data-testid="approval-own" className="text-sm text-ink-muted">
                  You created this one: another admin must approve it.
                </p>
              ) : (
                <Decide transaction={t} />
              )
            }
          />
        </li>
      ))}
    </ul>
  );
}

/** How many transactions wait for approval: the header's count. */
export function useApprovalCount(enabled: boolean): number {
  const query = useApprovals(enabled);
  useLiveConnection();
  return query.data?.length ?? 0;
}

import { Check, MessageSquareText, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { rejectPayoutRequestSchema, type Order } from '../../../../shared/api/orders';
import { TextField } from '../../../components/text-field';
import { ErrorAlert } from '../../../components/ui/alert';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/error-text';
import { formatCryptoAmount, formatDateTime, formatNaira } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { payoutAccountFullLabel } from '../../../../shared/payout-accounts/account-label';
import { PayoutAccountDetails } from '../../../components/payout-account-details';
import {
  PAYOUT_APPROVALS_LIMIT,
  useApprovePayout,
  usePayoutApprovals,
  useRejectPayout,
} from '../api/payout-approvals';
import { useOrderAction } from '../lib/use-order-action';

function RejectForm({ order, onCancel }: { order: Order; onCancel: () => void }) {
  const id = useId();
  const reject = useRejectPayout();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const action = useOrderAction((idempotencyKey) =>
    reject.mutateAsync({ id: order.id, idempotencyKey, reason: reason.trim() }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = rejectPayoutRequestSchema.safeParse({ reason }).error?.issues[0]?.message ?? null;
    setProblem(found);
    if (found) return;
    action.submit(() =>
      toast({
        title: 'Payout rejected',
        description: `Order ${order.reference}'s coins go back to the customer.`,
      }),
    );
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2">
      <TextField
        id={`${id}-reason`}
        label={`Why ${order.reference}'s payout is rejected (the customer sees it)`}
        value={reason}
        placeholder="For example: the account name does not match the customer"
        problem={problem}
        multiline
        onChange={(next) => {
          setReason(next);
          setProblem(null);
          action.changed();
        }}
      />
      <div className="flex gap-2">
        <Button type="submit" variant="outline" className="flex-1" disabled={action.pending}>
          Reject payout
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={action.pending}>
          Back
        </Button>
      </div>
      {action.error !== null && (
        <ErrorAlert>
          {errorText(action.error, 'Could not reject the payout. Try again.')}
        </ErrorAlert>
      )}
    </form>
  );
}

function Decide({ order }: { order: Order }) {
  const approve = useApprovePayout();
  const [rejecting, setRejecting] = useState(false);
  const [asking, setAsking] = useState(false);
  const action = useOrderAction((idempotencyKey) =>
    approve.mutateAsync({ id: order.id, idempotencyKey }),
  );
  if (rejecting) return <RejectForm order={order} onCancel={() => setRejecting(false)} />;
  const account = order.payoutAccount;
  return (
    <div className="flex flex-col gap-2">
      <ConfirmDialog
        open={asking}
        title="Approve this payout?"
        description="The agent may then send the naira. An approval cannot be taken back."
        facts={[
          { label: 'Order', value: order.reference },
          { label: 'Payout', value: formatNaira(order.totalNaira) },
          ...(account
            ? [
                {
                  label: 'To',
                  value: `${payoutAccountFullLabel(account)} · ${account.accountName}`,
                },
              ]
            : []),
        ]}
        confirmLabel="Approve"
        pending={action.pending}
        onConfirm={() => {
          setAsking(false);
          action.submit(() =>
            toast({
              title: 'Payout approved',
              description: `Order ${order.reference} may be paid out.`,
            }),
          );
        }}
        onCancel={() => setAsking(false)}
      />
      <div className="flex gap-2">
        <Button
          className="flex-1"
          aria-label={`Approve ${order.reference}'s payout`}
          disabled={action.pending}
          onClick={() => setAsking(true)}
        >
          <Check aria-hidden />
          Approve
        </Button>
        <Button
          variant="outline"
          aria-label={`Reject ${order.reference}'s payout`}
          className="flex-1 border-down/40 text-down hover:border-down hover:bg-down-soft"
          disabled={action.pending}
          onClick={() => setRejecting(true)}
        >
          <X aria-hidden />
          Reject
        </Button>
      </div>
      {action.error !== null && (
        <ErrorAlert>
          {errorText(action.error, 'Could not approve the payout. Try again.')}
        </ErrorAlert>
      )}
    </div>
  );
}

function PayoutApproval({ order, viewerId }: { order: Order; viewerId: string | undefined }) {
  const confirmed = order.timeline.findLast((e) => e.state === 'payout_approval');
  const account = order.payoutAccount;
  return (
    <li
      data-testid="payout-approval"
      data-order-id={order.id}
      className="grid gap-4 px-4 py-4 sm:px-6 md:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]"
    >
      <div className="flex min-w-0 flex-col gap-1.5">
        <p className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className="font-mono text-sm font-semibold">{order.reference}</span>
          <span className="font-bold tabular-nums">{formatNaira(order.totalNaira)}</span>
        </p>
        <p className="text-sm text-ink-muted tabular-nums">
          {formatCryptoAmount(order.amountCrypto, order.coin)}
          {confirmed && (
            <>
              {' '}
              · deposit confirmed {formatDateTime(confirmed.at)}
              {confirmed.actor === 'system' ? ' by the chain' : ''}
            </>
          )}
        </p>
        {account && <PayoutAccountDetails account={account} />}
        <Link
          to={`/chat/${order.chatSessionId}`}
          className="inline-flex min-h-11 items-center gap-2 self-start rounded-xl px-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          <MessageSquareText aria-hidden className="size-[18px]" />
          Open the chat
        </Link>
      </div>
      {confirmed?.actorId === viewerId ? (
        <p data-testid="payout-approval-own" className="text-sm text-ink-muted">
          You confirmed this deposit: another admin must approve the payout.
        </p>
      ) : (
        <Decide order={order} />
      )}
    </li>
  );
}

/**
 * The payouts waiting for an admin's approval (decision 028), live: each with its money, where
 * it goes and Approve or Reject (with a reason). The server refuses the chat's agent and the
 * deposit's confirmer; the one who confirmed is told so here.
 */
export function PayoutApprovals({ viewerId }: { viewerId: string | undefined }) {
  const query = usePayoutApprovals();
  return (
    <section
      aria-label="Payouts"
      data-testid="payout-approvals"
      className="min-w-0 overflow-hidden rounded-2xl bg-surface shadow-card ring-1 ring-black/5"
    >
      <header className="border-b border-line px-4 py-3 sm:px-6">
        <h2 className="text-base font-bold tracking-tight sm:text-lg">Payouts</h2>
        <p className="text-sm text-ink-muted">
          Large payouts wait for an admin other than the agent who pays them.
        </p>
      </header>
      {query.isPending ? (
        <p role="status" className="px-4 py-8 text-center text-sm text-ink-muted sm:px-6">
          Loading payouts...
        </p>
      ) : query.isError ? (
        <p role="alert" className="px-4 py-8 text-center text-sm sm:px-6">
          {errorText(query.error, 'Failed to load the payouts waiting for approval')}
        </p>
      ) : query.data.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-ink-muted sm:px-6">
          No payout is waiting for approval.
        </p>
      ) : (
        <ul className="divide-y divide-line">
          {query.data.map((order) => (
            <PayoutApproval key={order.id} order={order} viewerId={viewerId} />
          ))}
          {query.data.length === PAYOUT_APPROVALS_LIMIT && (
            <li className="px-4 py-3 text-sm text-ink-muted sm:px-6">
              The newest {PAYOUT_APPROVALS_LIMIT} are shown: decide these to see the rest.
            </li>
          )}
        </ul>
      )}
    </section>
  );
}

/** How many payouts wait for approval: part of the header's count. */
export function usePayoutApprovalCount(enabled: boolean): number {
  const query = usePayoutApprovals(enabled);
  return query.data?.length ?? 0;
}

import { useId, useState, type FormEvent } from 'react';
import { resolveRequestSchema, type Order } from '../../../../shared/api/orders';
import { payoutAccountFullLabel } from '../../../../shared/payout-accounts/account-label';
import { TextField } from '../../../components/text-field';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { cn } from '../../../lib/cn';
import { errorText } from '../../../lib/error-text';
import { formatNaira } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { useResolveDispute, type DisputeOutcome } from '../api/resolve-dispute';
import { useOrderAction } from '../lib/use-order-action';

const OUTCOMES: Record<DisputeOutcome, { label: string; hint: string; consequence: string }> = {
  completed: {
    label: 'Completed',
    hint: 'The naira reached the customer',
    consequence: 'The order completes and its trade is counted. This cannot be undone.',
  },
  refunded: {
    label: 'Refunded',
    hint: 'The coins go back to the customer',
    consequence:
      'The order ends as refunded and no trade is counted. Send the coins back. This cannot be undone.',
  },
};

/** What the customer (or an agent) said when disputing: the dispute step's note. */
function disputeNote(order: Order): string | null {
  return order.timeline.findLast((e) => e.state === 'disputed')?.note ?? null;
}

function ResolveDisputeForm({ order }: { order: Order }) {
  const id = useId();
  const resolve = useResolveDispute();
  const [outcome, setOutcome] = useState<DisputeOutcome | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const action = useOrderAction((idempotencyKey) =>
    resolve.mutateAsync({ id: order.id, idempotencyKey, outcome: outcome!, reason: reason.trim() }),
  );
  const changed = () => {
    setProblem(null);
    action.changed();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found =
      outcome === null
        ? 'Choose the outcome: completed or refunded'
        : (resolveRequestSchema.safeParse({ outcome, reason }).error?.issues[0]?.message ?? null);
    setProblem(found);
    if (!found) setAsking(true);
  };
  const account = order.payoutAccount;
  const note = disputeNote(order);
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Resolve the dispute"
      data-testid="resolve-dispute"
      className="flex flex-col gap-3 rounded-xl bg-red-50/60 p-3 ring-1 ring-red-200"
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-semibold text-ink">Resolve the dispute</legend>
        {(Object.keys(OUTCOMES) as DisputeOutcome[]).map((value) => (
          <label
            key={value}
            className={cn(
              'flex min-h-11 cursor-pointer items-start gap-3 rounded-xl bg-surface px-3 py-2 ring-1 ring-line',
              outcome === value && 'ring-2 ring-brand-700',
            )}
          >
            <input
              type="radio"
              name={`${id}-outcome`}
              value={value}
              checked={outcome === value}
              onChange={() => {
                setOutcome(value);
                changed();
              }}
              className="mt-1 size-4 accent-brand-700"
            />
            <span className="flex flex-col">
              <span className="text-sm font-semibold text-ink">{OUTCOMES[value].label}</span>
              <span className="text-sm text-ink-muted">{OUTCOMES[value].hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <TextField
        id={`${id}-reason`}
        label="Reason (the customer sees it)"
        value={reason}
        placeholder="For example: the bank confirmed the transfer on 24 Nov"
        problem={problem}
        multiline
        onChange={(next) => {
          setReason(next);
          changed();
        }}
      />
      <Button type="submit" disabled={action.pending}>
        Resolve dispute
      </Button>
      {outcome && (
        <ConfirmDialog
          open={asking}
          title={`Resolve as ${OUTCOMES[outcome].label.toLowerCase()}?`}
          description={OUTCOMES[outcome].consequence}
          facts={[
            { label: 'Order', value: order.reference },
            { label: 'Naira', value: formatNaira(order.totalNaira) },
            ...(account
              ? [
                  {
                    label: 'Account',
                    value: `${payoutAccountFullLabel(account)} · ${account.accountName}`,
                  },
                ]
              : []),
            ...(order.bankReference ? [{ label: 'Bank ref', value: order.bankReference }] : []),
            ...(note ? [{ label: 'Dispute', value: `“${note}”` }] : []),
            { label: 'Outcome', value: OUTCOMES[outcome].label },
            { label: 'Reason', value: reason.trim() },
          ]}
          confirmLabel={`Resolve as ${OUTCOMES[outcome].label.toLowerCase()}`}
          danger={outcome === 'refunded'}
          pending={action.pending}
          onConfirm={() => {
            setAsking(false);
            action.submit(() =>
              toast({
                title: 'Dispute resolved',
                description: `Order ${order.reference} is ${OUTCOMES[outcome].label.toLowerCase()}.`,
              }),
            );
          }}
          onCancel={() => setAsking(false)}
        />
      )}
      {action.error !== null && (
        <ErrorAlert>
          {errorText(action.error, 'Could not resolve the dispute. Try again.')}
        </ErrorAlert>
      )}
    </form>
  );
}

/** A disputed order: an admin resolves it with an outcome and a reason; an agent is told who does. */
export function ResolveDisputeAction({ order }: { order: Order }) {
  const user = useCurrentUser();
  if (order.state !== 'disputed') return null;
  if (!user.data?.isAdmin) {
    return (
      <p className="rounded-xl bg-canvas px-3 py-2 text-sm text-ink-muted">
        An admin resolves this dispute.
      </p>
    );
  }
  return <ResolveDisputeForm order={order} />;
}

import { MessagesSquare, TriangleAlert, UserRound } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { inputClasses, Label } from '../../components/ui/input';
import { ApiError, isUnauthorizedError } from '../../lib/api-client';
import { useAppConfig } from '../../lib/app-config';
import { cn } from '../../lib/cn';
import { errorText } from '../../lib/error-text';
import { toast } from '../../lib/toast';
import { MoneyField } from '../../components/money-field';
import { PortalCard, PortalPage } from '../../components/portal-page';
import { TopBarLink } from '../../components/top-bar';
import { normalizeDecimal, type DecimalRule } from '../rates/lib/decimal-field';
import { useChatSession } from '../chat-sessions/api/get-chat-session';
import { useCreateTransaction } from './api/create-transaction';
import { approvalText, needsApproval, shortId } from './lib/display';
import { figureError } from './lib/figure-error';
import { CREATE_FAILED, REQUIRED_FIELDS, TRANSACTION_CREATED } from './lib/messages';
import { useIdempotencyKey } from '../../lib/idempotency-key';

const AMOUNT_RULE: DecimalRule = { label: 'Amount', places: 2 };

const TYPES = [
  { value: 'refund', label: 'Refund' },
  { value: 'charge', label: 'New Charge' },
  { value: 'adjustment', label: 'Price Adjustment' },
] as const;
type AdjustmentType = (typeof TYPES)[number]['value'];

/** The spec: "the session id as an integer". Anything that is none is no chat. */
function parseSessionId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number.parseInt(value, 10);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function InfoRow({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-2">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd data-testid={testId} className="font-semibold tabular-nums">
        {children}
      </dd>
    </div>
  );
}

function CustomerInformation({ sessionId }: { sessionId: number | null }) {
  const session = useChatSession(sessionId);
  const missing =
    sessionId === null ||
    (session.error instanceof ApiError && [400, 404].includes(session.error.status));
  return (
    <PortalCard aria-labelledby="customer-info-title" data-testid="customer-information">
      <h2 id="customer-info-title" className="flex items-center gap-2 text-lg font-bold">
        <UserRound aria-hidden className="size-5 text-brand-700" />
        Customer Information
      </h2>
      {missing ? (
        <p role="alert" className="mt-3 text-sm font-medium text-down">
          Chat session not found
        </p>
      ) : (
        <dl className="mt-2 divide-y divide-line">
          <InfoRow label="Customer ID" testId="customer-id">
            {session.data ? (
              <span className="font-mono">{shortId(session.data.customerId)}</span>
            ) : (
              '…'
            )}
          </InfoRow>
          <InfoRow label="Session ID" testId="session-id">
            #{sessionId}
          </InfoRow>
          <InfoRow label="Status" testId="session-status">
            {capitalize(session.data?.status ?? 'active')}
          </InfoRow>
        </dl>
      )}
      {session.isError && !missing && (
        <p role="alert" className="mt-2 text-sm text-down">
          Could not load this chat.{' '}
          <button
            type="button"
            className="font-semibold underline"
            onClick={() => void session.refetch()}
          >
            Try again
          </button>
        </p>
      )}
    </PortalCard>
  );
}

/** The spec's yellow notice over $50: a warning, never a block. */
export function ApprovalNotice({ thresholdUsd }: { thresholdUsd: string }) {
  return (
    <div
      role="status"
      data-testid="approval-required"
      className="flex gap-3 rounded-2xl border border-yellow-300 bg-yellow-50 p-3 text-yellow-900"
    >
      <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-yellow-700" />
      <div>
        <p className="font-semibold">Approval Required</p>
        <p className="text-sm">{approvalText(thresholdUsd)}</p>
      </div>
    </div>
  );
}

/**
 * /agent/transaction/:sessionId and /transaction/:sessionId: agents only (SPEC 6; the route lets
 * them in and gives the sign-out button).
 */
export default function ProcessTransactionScreen({ signOut }: { signOut: ReactNode }) {
  const params = useParams();
  const sessionId = parseSessionId(params.sessionId);
  const navigate = useNavigate();
  const session = useChatSession(sessionId);
  const create = useCreateTransaction();
  const { approvalThresholdUsd } = useAppConfig();
  const idempotency = useIdempotencyKey();
  const [type, setType] = useState<AdjustmentType>('refund');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);

  const amountMissing = amount.trim() === '';
  const reasonMissing = reason.trim() === '';
  const amountError = amountMissing ? null : figureError(amount, AMOUNT_RULE);

  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/agent');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (amountMissing || reasonMissing) {
      toast({ title: 'Error', description: REQUIRED_FIELDS, variant: 'destructive' });
      return;
    }
    if (amountError || sessionId === null) return;
    create.mutate(
      {
        body: {
          chatSessionId: sessionId,
          ...(session.data ? { customerId: session.data.customerId } : {}),
          type,
          amount: normalizeDecimal(amount),
          reason: reason.trim(),
        },
        idempotencyKey: idempotency.key,
      },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: TRANSACTION_CREATED, variant: 'success' });
          navigate('/agent');
        },
        onError: (error) => {
          idempotency.renewAfter(error);
          if (isUnauthorizedError(error)) return;
          const why = errorText(error, '');
          toast({
            title: 'Error',
            description: why ? `${CREATE_FAILED}: ${why}` : CREATE_FAILED,
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <PortalPage
      title="Process Transaction"
      back={{ onClick: goBack, label: 'Back' }}
      actions={
        <>
          <TopBarLink to="/agent/chats" icon={<MessagesSquare aria-hidden />} label="Chats" />
          {signOut}
        </>
      }
    >
      <div className="grid gap-4 sm:gap-6 md:grid-cols-[minmax(0,1fr)_300px] md:items-start">
        <div className="md:order-2">
          <CustomerInformation sessionId={sessionId} />
        </div>
        <PortalCard aria-labelledby="transaction-form-title" className="md:order-1">
          <h2 id="transaction-form-title" className="text-lg font-bold">
            Transaction details
          </h2>
          <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
            <fieldset>
              <legend className="mb-1.5 text-sm font-semibold">Transaction Type</legend>
              <div className="grid gap-2 sm:grid-cols-3">
                {TYPES.map((option) => (
                  <label
                    key={option.value}
                    className={cn(
                      'flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border px-3 py-2 text-[15px] font-semibold transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                      type === option.value
                        ? 'border-brand-700 bg-brand-50 text-brand-900'
                        : 'border-line bg-white text-ink hover:border-brand-300',
                    )}
                  >
                    <input
                      type="radio"
                      name="transaction-type"
                      value={option.value}
                      checked={type === option.value}
                      onChange={() => setType(option.value)}
                      className="size-4 accent-brand-700"
                    />
                    {option.label}
                  </label>
                ))}
              </div>
            </fieldset>

            <MoneyField
              id="transaction-amount"
              label="Amount ($)"
              prefix="$"
              step="0.01"
              value={amount}
              onChange={setAmount}
              error={
                amountError ??
                (submitted && amountMissing ? `${AMOUNT_RULE.label} is required` : null)
              }
              notANumber="Amount must be a number"
            />
            {needsApproval(amount, approvalThresholdUsd) && (
              <ApprovalNotice thresholdUsd={approvalThresholdUsd} />
            )}

            <div>
              <Label htmlFor="transaction-reason" className="mb-1.5">
                Reason
              </Label>
              <textarea
                id="transaction-reason"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                rows={3}
                maxLength={1000}
                placeholder="Why this transaction is being made"
                aria-invalid={submitted && reasonMissing ? true : undefined}
                aria-describedby={
                  submitted && reasonMissing ? 'transaction-reason-error' : undefined
                }
                className={cn(inputClasses, 'resize-y')}
              />
              {submitted && reasonMissing && (
                <p id="transaction-reason-error" className="mt-1 text-sm font-medium text-down">
                  Reason is required
                </p>
              )}
            </div>

            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={goBack}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending || sessionId === null}>
                {create.isPending ? 'Processing...' : 'Process Transaction'}
              </Button>
            </div>
          </form>
        </PortalCard>
      </div>
    </PortalPage>
  );
}

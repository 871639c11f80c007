import { Plus, TriangleAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { guardConfirmationSchema } from '../../../../shared/market-guard';
import type { RateCurrency } from '../../../../shared/domain';
import { tradeTotal } from '../../../../shared/rates';
import { Button } from '../../../components/ui/button';
import { inputClasses, Label } from '../../../components/ui/input';
import { ApiError, isUnauthorizedError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { errorText } from '../../../lib/error-text';
import { formatNaira } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { usePrices } from '../../prices';
import {
  calculatorRate,
  CoinSelect,
  normalizeDecimal,
  RATE_SYMBOLS,
  useRates,
  type DecimalRule,
} from '../../rates';
import { MoneyField } from '../../../components/money-field';
import { useCreateTransaction } from '../api/create-transaction';
import { figureError } from '../lib/figure-error';
import { CREATE_FAILED } from '../lib/messages';
import { useIdempotencyKey } from '../../../lib/idempotency-key';

export const TRADE_AMOUNT_RULE: DecimalRule = { label: 'Amount', places: 8 };
export const TRADE_RATE_RULE: DecimalRule = { label: 'Rate', places: 2 };

/**
 * An agent records a trade in a chat: coin, crypto amount, naira rate (the managed sell rate
 * until the agent types another; the market price before rates are managed). It is recorded
 * pending; Complete or Fail on its card settles it. The preview total uses the server's own
 * function; the server computes the stored one. A rate the server finds too far from the
 * managed rate (its 409 says by how many percent) is recorded only with the agent's reason.
 */
export function RecordTradeForm({
  chatSessionId,
  customerId,
  defaultCurrency = 'bitcoin',
  onDone,
}: {
  chatSessionId: number;
  customerId?: string;
  defaultCurrency?: RateCurrency;
  onDone?: () => void;
}) {
  const rates = useRates();
  const prices = usePrices();
  const create = useCreateTransaction();
  const idempotency = useIdempotencyKey();
  const [currency, setCurrency] = useState<RateCurrency>(defaultCurrency);
  const [amount, setAmount] = useState('');
  const [typedRate, setTypedRate] = useState<string | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  /** The server's question about the rate (its 409 text), until the form changes. */
  const [guardQuestion, setGuardQuestion] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setGuardQuestion(null);
      setReason('');
    };

  const suggested = calculatorRate(currency, rates.data, prices.data);
  const rate = typedRate ?? suggested?.naira ?? '';
  const amountError = figureError(amount, TRADE_AMOUNT_RULE);
  const rateError = figureError(rate, TRADE_RATE_RULE);
  const total =
    !amountError && !rateError
      ? tradeTotal(normalizeDecimal(amount), normalizeDecimal(rate))
      : null;
  const symbol = RATE_SYMBOLS[currency];
  const reasonCheck = guardConfirmationSchema.safeParse({ reason });
  const reasonError = reasonCheck.success ? null : (reasonCheck.error.issues[0]?.message ?? null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (amountError || rateError || (guardQuestion && reasonError)) {
      setShowErrors(true);
      return;
    }
    create.mutate(
      {
        body: {
          chatSessionId,
          ...(customerId ? { customerId } : {}),
          type: 'trade',
          currency,
          amount: normalizeDecimal(amount),
          rate: normalizeDecimal(rate),
          ...(guardQuestion && reasonCheck.success ? { confirmation: reasonCheck.data } : {}),
        },
        idempotencyKey: idempotency.key,
      },
      {
        onSuccess: (transaction) => {
          toast({
            title: 'Trade recorded',
            description: `${transaction.reference}: ${formatNaira(transaction.total)}`,
            variant: 'success',
          });
          idempotency.renew();
          setAmount('');
          setTypedRate(null);
          setGuardQuestion(null);
          setReason('');
          setShowErrors(false);
          onDone?.();
        },
        onError: (error) => {
          idempotency.renewAfter(error);
          if (isUnauthorizedError(error)) return;
          if (error instanceof ApiError && error.status === 409) {
            setGuardQuestion(errorText(error, CREATE_FAILED));
            setShowErrors(false);
            return;
          }
          const reason = errorText(error, '');
          toast({
            title: 'Error',
            description: reason ? `${CREATE_FAILED}: ${reason}` : CREATE_FAILED,
            variant: 'destructive',
          });
        },
      },
    );
  };

  const id = `trade-${chatSessionId}`;
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Record trade"
      data-testid="record-trade-form"
      className="flex flex-col gap-3 rounded-2xl border border-line bg-canvas p-3"
    >
      <CoinSelect
        id={`${id}-currency`}
        label="Currency"
        value={currency}
        onChange={edit(setCurrency)}
      />
      <MoneyField
        id={`${id}-amount`}
        label={`Amount (${symbol})`}
        value={amount}
        onChange={edit(setAmount)}
        suffix={symbol}
        error={showErrors || amount !== '' ? amountError : null}
        notANumber="Amount must be a number"
      />
      <MoneyField
        id={`${id}-rate`}
        label={`Rate (₦ per ${symbol})`}
        value={rate}
        onChange={edit(setTypedRate)}
        prefix="₦"
        grouped
        error={showErrors || typedRate !== null ? rateError : null}
        notANumber="Rate must be a number"
        hint={
          typedRate !== null || !suggested
            ? undefined
            : suggested.source === 'managed'
              ? 'Our managed sell rate'
              : 'Market price: no managed rate is set yet'
        }
      />
      <p
        className={cn(
          'flex items-baseline justify-between gap-3 rounded-xl bg-surface px-3 py-2 ring-1 ring-line',
        )}
      >
        <span className="text-sm text-ink-muted">Total</span>
        <span
          className="text-lg font-bold text-brand-800 tabular-nums"
          data-testid="trade-total-preview"
        >
          {total ? formatNaira(total) : '—'}
        </span>
      </p>
      {guardQuestion && (
        <div
          role="alert"
          data-testid="trade-guard-question"
          className="flex flex-col gap-2 rounded-xl border border-yellow-300 bg-yellow-50 p-3 text-yellow-900"
        >
          <p className="flex gap-2 text-sm font-medium">
            <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-yellow-700" />
            <span>{guardQuestion}</span>
          </p>
          <Label htmlFor={`${id}-reason`}>Reason for this rate</Label>
          <textarea
            id={`${id}-reason`}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            rows={2}
            maxLength={500}
            aria-invalid={showErrors && reasonError ? true : undefined}
            aria-describedby={showErrors && reasonError ? `${id}-reason-error` : undefined}
            className={cn(inputClasses, 'resize-y')}
          />
          {showErrors && reasonError && (
            <p id={`${id}-reason-error`} className="text-sm font-medium text-down">
              {reasonError}
            </p>
          )}
        </div>
      )}
      <Button type="submit" disabled={create.isPending}>
        <Plus aria-hidden />
        {create.isPending
          ? 'Recording...'
          : guardQuestion
            ? 'Confirm rate and record'
            : 'Record Trade'}
      </Button>
    </form>
  );
}

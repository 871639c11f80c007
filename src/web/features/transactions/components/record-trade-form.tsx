import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { RateCurrency, TransactionStatus } from '../../../../shared/domain';
import { tradeTotal } from '../../../../shared/rates';
import { Button } from '../../../components/ui/button';
import { inputClasses, Label } from '../../../components/ui/input';
import { isUnauthorizedError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { errorText } from '../../../lib/error-text';
import { formatNaira } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { usePrices } from '../../prices';
import {
  calculatorRate,
  decimalError,
  MoneyField,
  normalizeDecimal,
  RATE_NAMES,
  RATE_SYMBOLS,
  useRates,
  type DecimalRule,
} from '../../rates';
import { useCreateTransaction } from '../api/create-transaction';
import { STATUS_LABELS } from '../lib/display';
import { CREATE_FAILED } from '../lib/messages';
import { useIdempotencyKey } from '../lib/use-idempotency-key';

export const TRADE_AMOUNT_RULE: DecimalRule = { label: 'Amount', places: 8 };
export const TRADE_RATE_RULE: DecimalRule = { label: 'Rate', places: 2 };

const STATUSES: readonly TransactionStatus[] = ['pending', 'completed', 'failed'];

/**
 * An agent records a trade in a chat: coin, crypto amount, naira rate (the managed sell rate
 * until the agent types another; the market price before rates are managed), status. The
 * preview total uses the server's own function; the server computes the stored one.
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
  const [status, setStatus] = useState<TransactionStatus>('pending');
  const [showErrors, setShowErrors] = useState(false);

  const suggested = calculatorRate(currency, rates.data, prices.data);
  const rate = typedRate ?? suggested?.naira ?? '';
  const amountError = decimalError(amount, TRADE_AMOUNT_RULE);
  const rateError = decimalError(rate, TRADE_RATE_RULE);
  const total =
    !amountError && !rateError
      ? tradeTotal(normalizeDecimal(amount), normalizeDecimal(rate))
      : null;
  const symbol = RATE_SYMBOLS[currency];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (amountError || rateError) {
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
          status,
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
          setStatus('pending');
          setShowErrors(false);
          onDone?.();
        },
        onError: (error) => {
          idempotency.renewAfter(error);
          if (isUnauthorizedError(error)) return;
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
      <div className="grid grid-cols-2 gap-3">
        <div className="min-w-0">
          <Label htmlFor={`${id}-currency`} className="mb-1.5">
            Currency
          </Label>
          <select
            id={`${id}-currency`}
            value={currency}
            onChange={(e) => setCurrency(e.target.value as RateCurrency)}
            className={inputClasses}
          >
            {(['bitcoin', 'usdt'] as const).map((c) => (
              <option key={c} value={c}>
                {RATE_NAMES[c]}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0">
          <Label htmlFor={`${id}-status`} className="mb-1.5">
            Status
          </Label>
          <select
            id={`${id}-status`}
            value={status}
            onChange={(e) => setStatus(e.target.value as TransactionStatus)}
            className={inputClasses}
          >
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <MoneyField
        id={`${id}-amount`}
        label={`Amount (${symbol})`}
        value={amount}
        onChange={setAmount}
        suffix={symbol}
        error={showErrors || amount !== '' ? amountError : null}
        notANumber="Amount must be a number"
      />
      <MoneyField
        id={`${id}-rate`}
        label={`Rate (₦ per ${symbol})`}
        value={rate}
        onChange={setTypedRate}
        prefix="₦"
        step="0.01"
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
      <Button type="submit" disabled={create.isPending}>
        <Plus aria-hidden />
        {create.isPending ? 'Recording...' : 'Record Trade'}
      </Button>
    </form>
  );
}

import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { createOrderRequestSchema } from '../../../../shared/api/orders';
import type { RateCurrency } from '../../../../shared/domain';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useAppConfig } from '../../../lib/app-config';
import { errorText } from '../../../lib/error-text';
import { useCreateOrder } from '../api/create-order';
import { useOrderAction } from '../lib/use-order-action';
import { CoinAmountFields } from './coin-amount-fields';
import { minutesText } from '../lib/minutes-text';
import type { Unit } from './unit-switch';

/**
 * An agent's quote: coin and amount (in the coin or in naira). Sending it locks the managed
 * sell rate for the customer, who accepts it on the card with their payout account.
 */
export function QuoteForm({
  chatSessionId,
  defaultCoin,
  onSent,
  onClose,
}: {
  chatSessionId: number;
  defaultCoin: RateCurrency;
  onSent: (orderId: number) => void;
  onClose: () => void;
}) {
  const id = useId();
  const { quoteTtlMinutes } = useAppConfig();
  const create = useCreateOrder();
  const [coin, setCoin] = useState<RateCurrency>(defaultCoin);
  const [unit, setUnit] = useState<Unit>('crypto');
  const [amount, setAmount] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const body = {
    chatSessionId,
    coin,
    ...(unit === 'crypto' ? { amount: amount.trim() } : { amountNaira: amount.trim() }),
  };
  const check = createOrderRequestSchema.safeParse(body);
  const amountProblem = check.success ? null : (check.error.issues[0]?.message ?? null);
  const action = useOrderAction((idempotencyKey) =>
    create.mutateAsync({ body, idempotencyKey }).then((order) => onSent(order.id)),
  );
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      action.changed();
    };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (check.success) action.submit();
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Send a quote"
      data-testid="quote-form"
      className="flex flex-col gap-3 rounded-2xl bg-surface p-4 shadow-sm ring-1 ring-line"
    >
      <h3 className="text-base font-semibold text-ink">Quote the customer</h3>
      <CoinAmountFields
        id={id}
        coin={coin}
        onCoin={edit(setCoin)}
        unit={unit}
        onUnit={edit(setUnit)}
        amount={amount}
        onAmount={edit(setAmount)}
        error={showErrors || amount !== '' ? amountProblem : null}
      />
      <p className="text-sm text-ink-muted">
        The quote locks our sell rate for {minutesText(quoteTtlMinutes)}. The customer accepts it in
        the chat with their payout account.
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" onClick={onClose}>
          Close
        </Button>
        <Button type="submit" disabled={action.pending}>
          <Send aria-hidden />
          Send quote
        </Button>
      </div>
      {action.error !== null && (
        <ErrorAlert>{errorText(action.error, 'Could not send the quote. Try again.')}</ErrorAlert>
      )}
    </form>
  );
}

/** The agent's way to quote in a chat without an open order: a button that opens the form. */
export function AgentQuote({
  chatSessionId,
  defaultCoin,
  onSent,
}: {
  chatSessionId: number;
  defaultCoin: RateCurrency;
  onSent: (orderId: number) => void;
}) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Send aria-hidden />
        Send a quote
      </Button>
    );
  }
  return (
    <QuoteForm
      chatSessionId={chatSessionId}
      defaultCoin={defaultCoin}
      onSent={(orderId) => {
        setOpen(false);
        onSent(orderId);
      }}
      onClose={() => setOpen(false)}
    />
  );
}

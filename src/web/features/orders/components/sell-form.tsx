import { useId, useState, type FormEvent } from 'react';
import { createOrderRequestSchema } from '../../../../shared/api/orders';
import type { RateCurrency } from '../../../../shared/domain';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useAppConfig } from '../../../lib/app-config';
import { errorText } from '../../../lib/error-text';
import { usePayoutAccounts } from '../../payout-accounts';
import { RATE_NAMES } from '../../rates';
import { useCreateOrder } from '../api/create-order';
import { useOrderAction } from '../lib/use-order-action';
import { CoinAmountFields } from './coin-amount-fields';
import { PayoutAccountChoice } from './payout-account-choice';
import { minutesText } from '../lib/minutes-text';
import type { Unit } from './unit-switch';

/**
 * The customer's "Sell": coin, amount (in the coin or in naira) and the account to be paid
 * into. Sending it locks the managed sell rate and shows where to send the coins.
 */
export function SellForm({
  chatSessionId,
  defaultCoin,
  onCreated,
}: {
  chatSessionId: number;
  defaultCoin: RateCurrency;
  onCreated: (orderId: number) => void;
}) {
  const id = useId();
  const { quoteTtlMinutes } = useAppConfig();
  const accounts = usePayoutAccounts();
  const create = useCreateOrder();
  const [coin, setCoin] = useState<RateCurrency>(defaultCoin);
  const [unit, setUnit] = useState<Unit>('crypto');
  const [amount, setAmount] = useState('');
  const [chosenAccount, setChosenAccount] = useState<number | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const accountId = chosenAccount ?? accounts.data?.[0]?.id;
  const body = {
    chatSessionId,
    coin,
    ...(unit === 'crypto' ? { amount: amount.trim() } : { amountNaira: amount.trim() }),
    payoutAccountId: accountId,
  };
  const check = createOrderRequestSchema.safeParse(body);
  const problems = check.success ? [] : check.error.issues;
  const amountProblem =
    problems.find((i) => i.path[0] === 'amount' || i.path[0] === 'amountNaira')?.message ?? null;
  const action = useOrderAction((idempotencyKey) =>
    create.mutateAsync({ body, idempotencyKey }).then((order) => onCreated(order.id)),
  );
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      action.changed();
    };
  const noAccounts = accounts.isSuccess && accounts.data.length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (check.success && accountId !== undefined) action.submit();
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Sell"
      data-testid="sell-form"
      className="flex flex-col gap-3 rounded-2xl bg-surface p-4 shadow-sm ring-1 ring-line"
    >
      <h3 className="text-base font-semibold text-ink">Sell {RATE_NAMES[coin]} for naira</h3>
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
      <PayoutAccountChoice
        id={`${id}-account`}
        accounts={accounts.data}
        value={accountId}
        onChange={edit(setChosenAccount)}
      />
      <p className="text-sm text-ink-muted">
        We lock our sell rate for you for {minutesText(quoteTtlMinutes)} and show where to send the
        coins.
      </p>
      <Button type="submit" size="lg" disabled={action.pending || noAccounts}>
        Lock rate and sell
      </Button>
      {action.error !== null && (
        <ErrorAlert>{errorText(action.error, 'Could not create the order. Try again.')}</ErrorAlert>
      )}
    </form>
  );
}

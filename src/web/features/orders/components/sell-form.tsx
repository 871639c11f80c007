import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { createOrderRequestSchema } from '../../../../shared/api/orders';
import type { RateCurrency } from '../../../../shared/domain';
import { payoutAccountLabel } from '../../../../shared/payout-accounts/masked-account';
import { MoneyField } from '../../../components/money-field';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { inputClasses, Label } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { errorText } from '../../../lib/error-text';
import { usePayoutAccounts } from '../../payout-accounts';
import { CoinSelect, RATE_NAMES, RATE_SYMBOLS } from '../../rates';
import { useCreateOrder } from '../api/create-order';
import { useOrderAction } from '../lib/use-order-action';
import { UnitSwitch, type Unit } from './unit-switch';

const linkClasses = 'font-semibold text-brand-800 underline underline-offset-2';

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
  const symbol = RATE_SYMBOLS[coin];
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
      <CoinSelect id={`${id}-coin`} label="Coin" value={coin} onChange={edit(setCoin)} />
      <UnitSwitch unit={unit} symbol={symbol} onChange={edit(setUnit)} />
      <MoneyField
        id={`${id}-amount`}
        label={unit === 'crypto' ? `Amount (${symbol})` : 'Amount (₦)'}
        value={amount}
        onChange={edit(setAmount)}
        prefix={unit === 'naira' ? '₦' : undefined}
        suffix={unit === 'crypto' ? symbol : undefined}
        grouped={unit === 'naira'}
        error={showErrors || amount !== '' ? amountProblem : null}
        notANumber="Amount must be a number"
      />
      <div>
        <Label htmlFor={`${id}-account`} className="mb-1.5">
          Pay me into
        </Label>
        {noAccounts ? (
          <p
            className="rounded-xl bg-canvas px-3 py-2 text-sm text-ink"
            data-testid="no-payout-account"
          >
            You have no payout account yet.{' '}
            <Link to="/payout-accounts" className={linkClasses}>
              Add a payout account
            </Link>
          </p>
        ) : (
          <>
            <select
              id={`${id}-account`}
              value={accountId ?? ''}
              disabled={!accounts.data}
              onChange={(e) => edit(setChosenAccount)(Number(e.target.value))}
              className={inputClasses}
            >
              {accounts.data?.map((a) => (
                <option key={a.id} value={a.id}>
                  {payoutAccountLabel(a)} · {a.accountName}
                </option>
              ))}
            </select>
            <Link to="/payout-accounts" className={cn(linkClasses, 'mt-1.5 inline-block text-sm')}>
              Add another account
            </Link>
          </>
        )}
      </div>
      <p className="text-sm text-ink-muted">
        We lock our sell rate for you for 15 minutes and show where to send the coins.
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

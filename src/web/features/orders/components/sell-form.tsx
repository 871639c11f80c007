import { useId, useState, type FormEvent } from 'react';
import { previewOrderRequestSchema } from '../../../../shared/api/orders';
import type { RateCurrency } from '../../../../shared/domain';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useAppConfig } from '../../../lib/app-config';
import { errorText } from '../../../lib/error-text';
import { usePayoutAccounts } from '../../payout-accounts/api/list-payout-accounts';
import { RATE_NAMES, RATE_SYMBOLS } from '../../rates/lib/symbols';
import { useRates } from '../../rates/api/get-rates';
import { useCreateOrder } from '../api/create-order';
import { useOrderPreview } from '../api/preview-order';
import { minutesText } from '../lib/minutes-text';
import { useOrderAction } from '../lib/use-order-action';
import { CoinAmountFields } from './coin-amount-fields';
import { lockable, QuotePreview } from './order-preview';
import { PayoutAccountChoice } from './payout-account-choice';
import type { Unit } from './unit-switch';

/**
 * The customer's "Sell": coin, amount (in the coin or in naira) and the account to be paid
 * into, then the server's preview of what it locks (rate, total, account, lock time), then
 * "Lock rate and sell", which locks exactly that preview (its rateVersion) and shows where to
 * send the coins. A rate the desk does not publish cannot be locked: the form says so.
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
  const rates = useRates();
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
  const check = previewOrderRequestSchema.safeParse(body);
  const amountProblem = check.success ? null : (check.error.issues[0]?.message ?? null);
  const rate = rates.data?.rates.find((r) => r.currency === coin);
  // Managed but not published (outside the market guard): nothing here may lock it.
  const updating = rate !== undefined && rate.managed && !rate.published;
  const preview = useOrderPreview(check.success && !updating ? body : null);
  const action = useOrderAction((idempotencyKey) =>
    create
      .mutateAsync({
        // The submit locks only a lockable preview: its figures are the ones on screen.
        body: { ...body, rateVersion: preview.data!.rateVersion },
        idempotencyKey,
      })
      .then((order) => onCreated(order.id)),
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
    if (check.success && accountId !== undefined && lockable(preview)) action.submit();
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
      {updating ? (
        <p
          role="status"
          className="rounded-xl bg-canvas px-3 py-2 text-sm text-ink"
          data-testid="rate-updating"
        >
          Our desk is updating its {RATE_SYMBOLS[coin]} rate. Please ask the agent in this chat for
          a quote.
        </p>
      ) : (
        <>
          <QuotePreview query={preview} priced={check.success} viewer="customer" />
          <Button
            type="submit"
            size="lg"
            disabled={action.pending || noAccounts || (check.success && !lockable(preview))}
          >
            Lock rate and sell
          </Button>
        </>
      )}
      {action.error !== null && (
        <ErrorAlert>{errorText(action.error, 'Could not create the order. Try again.')}</ErrorAlert>
      )}
    </form>
  );
}

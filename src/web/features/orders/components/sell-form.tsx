import { useId } from 'react';
import { useController } from 'react-hook-form';
import type { RateCurrency } from '../../../../shared/domain';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, useZodForm } from '../../../components/ui/form';
import { useAppConfig } from '../../../lib/app-config';
import { errorText } from '../../../lib/error-text';
import { usePayoutAccounts } from '../../payout-accounts/api/list-payout-accounts';
import { RATE_NAMES, RATE_SYMBOLS } from '../../rates/lib/symbols';
import { useRates } from '../../rates/api/get-rates';
import { useCreateOrder } from '../api/create-order';
import { useOrderPreview } from '../api/preview-order';
import { minutesText } from '../lib/minutes-text';
import { orderFormSchema, previewBody, type OrderFormValues } from '../lib/order-form';
import { useOrderAction } from '../lib/use-order-action';
import { CoinAmountFields } from './coin-amount-fields';
import { lockable, QuotePreview } from './order-preview';
import { PayoutAccountChoice } from './payout-account-choice';

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
  const options = { chatSessionId, defaultPayoutAccountId: accounts.data?.[0]?.id };
  const form = useZodForm(orderFormSchema(options), {
    defaultValues: {
      coin: defaultCoin,
      unit: 'crypto',
      amount: '',
      payoutAccountId: undefined,
      reason: '',
    } satisfies OrderFormValues,
    mode: 'onChange',
  });
  const account = useController({ control: form.control, name: 'payoutAccountId' }).field;
  const values = form.watch();
  const body = previewBody(values, options);
  const rate = rates.data?.rates.find((r) => r.currency === values.coin);
  // Managed but not published (outside the market guard): nothing here may lock it.
  const updating = rate !== undefined && rate.managed && !rate.published;
  const preview = useOrderPreview(body !== null && !updating ? body : null);
  const action = useOrderAction((idempotencyKey) =>
    create
      .mutateAsync({
        // The submit locks only a lockable preview: its figures are the ones on screen.
        body: { ...body!, rateVersion: preview.data!.rateVersion },
        idempotencyKey,
      })
      .then((order) => onCreated(order.id)),
  );
  const noAccounts = accounts.isSuccess && accounts.data.length === 0;

  return (
    <Form
      form={form}
      onSubmit={({ body: valid }) => {
        if (valid.payoutAccountId !== undefined && lockable(preview)) action.submit();
      }}
      aria-label="Sell"
      data-testid="sell-form"
      className="flex flex-col gap-3 rounded-2xl bg-surface p-4 shadow-sm ring-1 ring-line"
    >
      <h3 className="text-base font-semibold text-ink">Sell {RATE_NAMES[values.coin]} for naira</h3>
      <CoinAmountFields id={id} onEdit={action.changed} />
      <PayoutAccountChoice
        id={`${id}-account`}
        accounts={accounts.data}
        value={account.value ?? options.defaultPayoutAccountId}
        onChange={(accountId) => {
          account.onChange(accountId);
          action.changed();
        }}
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
          Our desk is updating its {RATE_SYMBOLS[values.coin]} rate. Please ask the agent in this
          chat for a quote.
        </p>
      ) : (
        <>
          <QuotePreview query={preview} priced={body !== null} viewer="customer" />
          <Button
            type="submit"
            size="lg"
            disabled={action.pending || noAccounts || (body !== null && !lockable(preview))}
          >
            Lock rate and sell
          </Button>
        </>
      )}
      {action.error !== null && (
        <ErrorAlert>{errorText(action.error, 'Could not create the order. Try again.')}</ErrorAlert>
      )}
    </Form>
  );
}

import { useId, useState, type FormEvent } from 'react';
import type { Order } from '../../../../shared/api/orders';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/error-text';
import { formatNaira } from '../../../lib/format';
import { usePayoutAccounts } from '../../payout-accounts/api/list-payout-accounts';
import { useAcceptOrder } from '../api/accept-order';
import { useCountdown } from '../lib/use-countdown';
import { useOrderAction } from '../lib/use-order-action';
import { PayoutAccountChoice } from './payout-account-choice';
import { QuoteVsMarket } from './quote-vs-market';

/**
 * The customer takes an agent's quote: its rate beside the market price and the difference,
 * which saved account to be paid into (or a link to add one), then "Accept quote". Once the lock has run out it cannot be accepted; if the server
 * says so first (another clock), its reason is shown.
 */
export function AcceptQuoteAction({ order }: { order: Order }) {
  const id = useId();
  const accounts = usePayoutAccounts();
  const accept = useAcceptOrder();
  const left = useCountdown(order.expiresAt);
  const [chosen, setChosen] = useState<number | null>(null);
  const accountId = chosen ?? accounts.data?.[0]?.id;
  const action = useOrderAction((idempotencyKey) =>
    accept.mutateAsync({ id: order.id, idempotencyKey, payoutAccountId: accountId! }),
  );
  if (left === 0) {
    return (
      <p className="rounded-xl bg-canvas px-3 py-2 text-sm text-ink" data-testid="quote-expired">
        This quote has expired. Ask the agent for a new one.
      </p>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (accountId !== undefined) action.submit();
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Accept the quote"
      className="flex flex-col gap-2"
      data-testid="accept-quote"
    >
      <p className="text-sm text-ink">
        The agent offers {formatNaira(order.totalNaira)} at this locked rate. Accept it to get the
        address to send your coins to.
      </p>
      <QuoteVsMarket order={order} />
      <PayoutAccountChoice
        id={`${id}-account`}
        accounts={accounts.data}
        value={accountId}
        onChange={(account) => {
          setChosen(account);
          action.changed();
        }}
      />
      <Button type="submit" disabled={action.pending || accountId === undefined}>
        Accept quote
      </Button>
      {action.error !== null && (
        <ErrorAlert>{errorText(action.error, 'Could not accept the quote. Try again.')}</ErrorAlert>
      )}
    </form>
  );
}

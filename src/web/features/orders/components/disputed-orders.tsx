import { MessageSquareText, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import type { Order } from '../../../../shared/api/orders';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/error-text';
import { formatCryptoAmount, formatDateTime, formatNaira } from '../../../lib/format';
import { PayoutAccountDetails } from '../../../components/payout-account-details';
import { DISPUTED_ORDERS_LIMIT, useDisputedOrders } from '../api/list-disputed-orders';
import { useLiveConnection } from '../../../lib/realtime';
import { ResolveDisputeAction } from './resolve-dispute-action';

function DisputedOrder({ order }: { order: Order }) {
  const dispute = order.timeline.findLast((e) => e.state === 'disputed');
  const account = order.payoutAccount;
  return (
    <li
      data-testid="disputed-order"
      data-order-id={order.id}
      className="grid gap-4 px-4 py-4 sm:px-6 md:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]"
    >
      <div className="flex min-w-0 flex-col gap-1.5">
        <p className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className="font-mono text-sm font-semibold">{order.reference}</span>
          <span className="font-bold tabular-nums" data-testid="disputed-order-total">
            {formatNaira(order.totalNaira)}
          </span>
        </p>
        <p className="text-sm text-ink-muted tabular-nums">
          {formatCryptoAmount(order.amountCrypto, order.coin)}
          {order.bankReference && <> · ref {order.bankReference}</>}
        </p>
        {account && <PayoutAccountDetails account={account} />}
        {dispute && (
          <p className="text-sm text-ink">
            <span className="text-ink-muted">
              Disputed {formatDateTime(dispute.at)}
              {dispute.actor === 'agent' ? ' by an agent' : ''}:{' '}
            </span>
            <span className="break-words">“{dispute.note}”</span>
          </p>
        )}
        <Link
          to={`/chat/${order.chatSessionId}`}
          className="inline-flex min-h-11 items-center gap-2 self-start rounded-xl px-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          <MessageSquareText aria-hidden className="size-[18px]" />
          Open the chat
        </Link>
      </div>
      <ResolveDisputeAction order={order} />
    </li>
  );
}

/**
 * The orders waiting for an admin, live: each with its money, where it was paid, what the
 * customer said, a link to the chat, and the resolution (outcome and reason).
 */
export function DisputedOrders() {
  useLiveConnection();
  const disputes = useDisputedOrders();
  return (
    <section
      aria-label="Disputed orders"
      data-testid="disputed-orders"
      className="min-w-0 overflow-hidden rounded-2xl bg-surface shadow-card ring-1 ring-black/5"
    >
      <header className="border-b border-line px-4 py-3 sm:px-6">
        <h2 className="text-base font-bold tracking-tight sm:text-lg">Disputed orders</h2>
        <p className="text-sm text-ink-muted">
          The customer says the naira did not arrive. Check the bank, then resolve.
        </p>
      </header>
      {disputes.isPending ? (
        <p role="status" className="px-4 py-10 text-center text-sm text-ink-muted sm:px-6">
          Loading disputed orders...
        </p>
      ) : disputes.isError ? (
        <div className="px-4 py-10 text-center sm:px-6">
          <p className="font-semibold">Failed to load the disputed orders</p>
          <p className="mt-1 text-sm text-ink-muted">
            {errorText(disputes.error, 'Please try again.')}
          </p>
          <Button variant="outline" className="mt-4" onClick={() => void disputes.refetch()}>
            <RefreshCw aria-hidden />
            Try Again
          </Button>
        </div>
      ) : disputes.data.length === 0 ? (
        <div className="px-4 py-12 text-center sm:px-6">
          <p className="font-semibold">No disputed orders</p>
          <p className="mt-1 text-sm text-ink-muted">Disputes will appear here as they come in</p>
        </div>
      ) : (
        <>
          <ul className="divide-y divide-line">
            {disputes.data.map((order) => (
              <DisputedOrder key={order.id} order={order} />
            ))}
          </ul>
          {disputes.data.length >= DISPUTED_ORDERS_LIMIT && (
            <p className="border-t border-line px-4 py-3 text-sm text-ink-muted sm:px-6">
              The {DISPUTED_ORDERS_LIMIT} newest disputes are shown; resolve these to see older
              ones.
            </p>
          )}
        </>
      )}
    </section>
  );
}

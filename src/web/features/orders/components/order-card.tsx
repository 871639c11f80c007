import { useEffect, useRef } from 'react';
import type { Order } from '../../../../shared/api/orders';
import { customerView } from '../../../../shared/orders/payout-approval';
import { Badge } from '../../../components/badge';
import { ORDER_STATE_DISPLAY, isCountingDown } from '../lib/states';
import { useCountdown } from '../lib/use-countdown';
import { AgentActions } from './agent-actions';
import { ChainStatus } from './chain-status';
import { Countdown } from './countdown';
import { LockEnded } from './lock-ended';
import { CustomerActions } from './customer-actions';
import { DepositAddress } from './deposit-address';
import { OrderFigures } from './order-figures';
import { OrderImages } from './order-images';
import { OrderTimeline } from './order-timeline';
import { PaidNote } from './paid-note';
import { ReceiptLink } from './receipt-link';

/**
 * An order in the chat, for its customer or an agent: the money, the rate lock's countdown,
 * where to send the coins, the payout, the timeline, and the next action for whoever must act.
 */
export function OrderCard({
  order: asSent,
  viewer,
  reveal = false,
}: {
  order: Order;
  viewer: 'customer' | 'agent';
  /** Scroll to the card's top when it appears (the order was just created here). */
  reveal?: boolean;
}) {
  const ref = useRef<HTMLElement>(null);
  // The customer sees the order as before payout approvals (decision 028).
  const order = viewer === 'customer' ? customerView(asSent) : asSent;
  useEffect(() => {
    // jsdom has no scrollIntoView.
    if (reveal) ref.current?.scrollIntoView?.({ block: 'start' });
  }, [reveal]);
  const counting = isCountingDown(order.state);
  const left = useCountdown(order.expiresAt, counting);
  // The lock ends at 0:00 on this screen, not when the server's sweep next tells it so.
  const lapsed = counting && left === 0;
  const state = ORDER_STATE_DISPLAY[lapsed ? 'expired' : order.state];
  const paid = order.state === 'payout_sent' || order.state === 'completed';
  return (
    <article
      ref={ref}
      aria-label={`Order ${order.reference}`}
      data-testid="order-card"
      data-order-id={order.id}
      data-state={lapsed ? 'expired' : order.state}
      className="flex scroll-mt-3 flex-col gap-3 rounded-2xl bg-surface p-4 shadow-sm ring-1 ring-line"
    >
      <header className="flex items-center justify-between gap-2">
        <h3 className="min-w-0 text-sm font-semibold text-ink">
          Sell order <span className="font-mono whitespace-nowrap">{order.reference}</span>
        </h3>
        <Badge tone={state.tone} data-testid="order-state">
          {state.label}
        </Badge>
      </header>
      <OrderFigures order={order} />
      {(order.state === 'deposit_seen' ||
        order.state === 'deposit_confirmed' ||
        order.state === 'payout_approval' ||
        order.state === 'requoted' ||
        order.state === 'deposit_returning' ||
        // A transaction to the address the watcher would not attach by itself: agents only.
        (order.state === 'awaiting_deposit' && viewer === 'agent')) && (
        <ChainStatus order={order} viewer={viewer} />
      )}
      {counting && !lapsed && <Countdown left={left} />}
      {order.state === 'awaiting_deposit' && !lapsed && order.depositAddress && (
        <DepositAddress order={order} address={order.depositAddress} />
      )}
      {paid && <PaidNote order={order} />}
      <OrderImages order={order} />
      <ReceiptLink order={order} />
      {lapsed || order.state === 'expired' ? (
        <LockEnded viewer={viewer} was={order.timeline.at(-2)?.state ?? order.state} />
      ) : viewer === 'customer' ? (
        <CustomerActions order={order} />
      ) : (
        <AgentActions order={order} />
      )}
      <OrderTimeline events={order.timeline} />
    </article>
  );
}

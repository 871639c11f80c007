import { OPEN_ORDER_STATES, type OrderState } from '../../../../shared/orders/states';
import type { BadgeTone } from '../../../components/badge';

/** Each state in words and colour, as the card's badge and timeline say it. */
export const ORDER_STATE_DISPLAY: Record<OrderState, { label: string; tone: BadgeTone }> = {
  quoted: { label: 'Quote sent', tone: 'blue' },
  awaiting_deposit: { label: 'Awaiting deposit', tone: 'yellow' },
  deposit_seen: { label: 'Deposit sent', tone: 'orange' },
  requoted: { label: 'New total to accept', tone: 'blue' },
  deposit_returning: { label: 'Deposit being returned', tone: 'orange' },
  // Staff only: the customer sees the order as deposit_confirmed (customerView).
  payout_approval: { label: 'Payout approval', tone: 'orange' },
  deposit_confirmed: { label: 'Deposit confirmed', tone: 'teal' },
  payout_sent: { label: 'Payout sent', tone: 'purple' },
  completed: { label: 'Completed', tone: 'green' },
  disputed: { label: 'Disputed', tone: 'red' },
  refunded: { label: 'Refunded', tone: 'grey' },
  expired: { label: 'Expired', tone: 'grey' },
  cancelled: { label: 'Cancelled', tone: 'grey' },
};

/** Either side may cancel in these states (before a deposit). */
export function isCancellable(state: OrderState): boolean {
  return state === 'quoted' || state === 'awaiting_deposit';
}

/** States whose rate lock is still running, so the card counts down. */
export function isCountingDown(state: OrderState): boolean {
  return isCancellable(state);
}

const OPEN: ReadonlySet<OrderState> = new Set(OPEN_ORDER_STATES);

/** An order still under way (a chat has at most one). */
export function isOpenOrder(state: OrderState): boolean {
  return OPEN.has(state);
}

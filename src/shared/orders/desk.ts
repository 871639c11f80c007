import type { OrderEvent } from '../api/orders';
import type { OrderState } from './states';

/**
 * The states in which an order waits on the desk rather than on the customer: a deposit to
 * confirm, a payout to send. A dispute waits on an admin, so only admins see it as theirs.
 */
export const ORDER_STATES_WAITING_ON_AGENTS = [
  'deposit_seen',
  'deposit_returning',
  'deposit_confirmed',
] as const satisfies readonly OrderState[];
export const ORDER_STATES_WAITING_ON_ADMINS = [
  ...ORDER_STATES_WAITING_ON_AGENTS,
  'disputed',
] as const satisfies readonly OrderState[];

/**
 * The states in which an order waits on `viewer`: a plain agent, the agents' two; anyone else
 * (an admin, or the customer looking at the desk's side) the admins' three.
 */
export function orderStatesWaitingOn(viewer: {
  isAgent: boolean;
  isAdmin: boolean;
}): readonly OrderState[] {
  return viewer.isAgent && !viewer.isAdmin
    ? ORDER_STATES_WAITING_ON_AGENTS
    : ORDER_STATES_WAITING_ON_ADMINS;
}

const MINUTE_MS = 60_000;

/**
 * When the payout of a confirmed deposit is due: PAYOUT_SLA_MINUTES after the deposit was
 * confirmed. Null in any other state (nothing is due, or it has been paid).
 */
export function payoutDueAt(
  order: { state: OrderState; timeline: readonly Pick<OrderEvent, 'state' | 'at'>[] },
  payoutSlaMinutes: number,
): Date | null {
  if (order.state !== 'deposit_confirmed') return null;
  // The first confirmation: a payout released by hand after a reorg does not restart the clock.
  const confirmed = order.timeline.find((e) => e.state === 'deposit_confirmed');
  if (!confirmed) return null;
  return new Date(Date.parse(confirmed.at) + payoutSlaMinutes * MINUTE_MS);
}

/** How long the payout is overdue at `now`, in milliseconds; null when it is not overdue. */
export function payoutOverdueMs(
  order: { state: OrderState; timeline: readonly Pick<OrderEvent, 'state' | 'at'>[] },
  payoutSlaMinutes: number,
  now: Date,
): number | null {
  const due = payoutDueAt(order, payoutSlaMinutes);
  if (!due) return null;
  const late = now.getTime() - due.getTime();
  return late >= 0 ? late : null;
}

import { imageSeenBeforeText } from '../api/messages';
import type { Order, OrderEvent } from '../api/orders';
import { chainReadingLines, differenceText } from './chain-reading';
import { OPEN_ORDER_STATES, type OrderState } from './states';

/**
 * The states in which an order waits on the desk rather than on the customer: a deposit to
 * confirm, a payout to send. A dispute and a payout's approval wait on an admin, so only admins
 * see them as theirs.
 */
export const ORDER_STATES_WAITING_ON_AGENTS = [
  'deposit_seen',
  'deposit_returning',
  'deposit_confirmed',
] as const satisfies readonly OrderState[];
export const ORDER_STATES_WAITING_ON_ADMINS = [
  ...ORDER_STATES_WAITING_ON_AGENTS,
  'payout_approval',
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

/** Why an order's deposit needs an agent's eye, for the Orders view's "Deposit problems". */
export interface DepositAttention {
  kind: 'short' | 'over' | 'late' | 'problem' | 'hand_confirmed' | 'image_seen_before';
  text: string;
}

const OPEN: ReadonlySet<OrderState> = new Set(OPEN_ORDER_STATES);

/**
 * An open order's deposit problems the chain shows: short or over beyond the tolerance (the
 * difference in crypto and naira), first seen after the rate lock ended, any other problem the
 * watcher recorded (not found, wrong address, old, a reorganised block, a payment it could not
 * attach), a hand confirmation below the required confirmations. The server's filter
 * (`GET /api/orders?attention=deposit`) asks the same of its columns, and adds an image seen
 * before, which only agents' answers carry (`imageSeenBefore`).
 */
export function depositAttention(
  order: Pick<Order, 'state' | 'coin' | 'chain' | 'expiresAt' | 'imageSeenBefore'>,
): DepositAttention[] {
  if (!OPEN.has(order.state)) return [];
  const found: DepositAttention[] = [];
  const { chain } = order;
  const difference = chain && differenceText(chain, order.coin);
  if (chain && difference) {
    found.push({ kind: difference.startsWith('Short') ? 'short' : 'over', text: difference });
  }
  const late = chain?.firstSeenAt && Date.parse(chain.firstSeenAt) > Date.parse(order.expiresAt);
  if (late) {
    const lateMs = Date.parse(chain.firstSeenAt!) - Date.parse(order.expiresAt);
    const minutes = Math.max(1, Math.round(lateMs / MINUTE_MS));
    found.push({
      kind: 'late',
      text: `Late: first seen ${minutes} min after the rate lock ended`,
    });
  }
  if (chain?.problem && !difference && !late) {
    found.push({
      kind: 'problem',
      text:
        chain.problemKind === 'not_found'
          ? chainReadingLines(chain, order.coin).join(': ')
          : chain.problem,
    });
  }
  if (chain?.confirmedByHand) {
    const { confirmations: count, confirmationsRequired: required } = chain;
    if (count === null || required === null) {
      found.push({ kind: 'hand_confirmed', text: 'Confirmed by hand before the chain was read' });
    } else if (count < required) {
      found.push({
        kind: 'hand_confirmed',
        text: `Confirmed by hand at ${count} of ${required} confirmations`,
      });
    }
  }
  if (order.imageSeenBefore) {
    found.push({
      kind: 'image_seen_before',
      text: imageSeenBeforeText(order.imageSeenBefore),
    });
  }
  return found;
}

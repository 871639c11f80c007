import type { Order } from '../api/orders';
import { dec } from '../money';
import type { OrderState } from './states';

/** PAYOUT_APPROVAL_NAIRA's default: a naira total over it waits for an admin (decision 028). */
export const PAYOUT_APPROVAL_NAIRA = '5000000';

/** Whether a confirmed deposit's payout waits for an admin: its naira total is over the threshold. */
export function needsPayoutApproval(totalNaira: string, thresholdNaira: string): boolean {
  return dec(totalNaira).gt(thresholdNaira);
}

/** The 403 of an approval by the staff the rule keeps out: the rule, by name. */
export const PAYOUT_FOUR_EYES_RULE =
  'Four eyes: a payout over the approval threshold is approved by an admin other than the agent who holds the chat, confirmed the deposit or pays it';

/** The states a customer is shown: the payout approval is the desk's own business. */
export type CustomerOrderState = Exclude<OrderState, 'payout_approval'>;

/** A state as its customer sees it: waiting for the payout's approval is "deposit confirmed". */
export function customerOrderState(state: OrderState): CustomerOrderState {
  return state === 'payout_approval' ? 'deposit_confirmed' : state;
}

/**
 * The order as its customer sees it: exactly as before payout approvals existed. The state and
 * the timeline say `deposit_confirmed` while the payout waits, and the approval's own entry
 * (back into `deposit_confirmed`) is left out, so the payout's due time stays the confirmation's.
 */
export function customerView(order: Order): Order {
  const timeline = order.timeline.flatMap((event, i) => {
    if (event.state === 'payout_approval')
      return [{ ...event, state: 'deposit_confirmed' as const }];
    const approval = event.state === 'deposit_confirmed' && order.timeline[i - 1]?.state;
    return approval === 'payout_approval' ? [] : [event];
  });
  return { ...order, state: customerOrderState(order.state), timeline };
}

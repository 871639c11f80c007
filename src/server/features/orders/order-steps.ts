import type { OrderTransition } from '../../../shared/api/orders';
import type { OrderState } from '../../../shared/orders/states';

interface OrderStep {
  /** The states the step starts from; from any other, a 409. */
  from: readonly OrderState[];
  /** Where it goes: the first, unless the use case names another of these (a resolution). */
  to: readonly [OrderState, ...OrderState[]];
  /** For the 409: "it cannot be {verb} now". */
  verb: string;
}

/**
 * The order's state machine (PRODUCT.md "Orders", decision 014), one row per endpoint
 * `POST /api/orders/:id/{step}`. The use cases say who may take a step and what it changes;
 * where it may start and where it goes is only here.
 */
export const ORDER_STEPS = {
  accept: { from: ['quoted'], to: ['awaiting_deposit'], verb: 'accepted' },
  // From deposit_seen only to add the screenshot to the transaction the watcher attached first.
  deposit: {
    from: ['awaiting_deposit', 'deposit_seen'],
    to: ['deposit_seen'],
    verb: 'given a deposit',
  },
  // Over PAYOUT_APPROVAL_NAIRA, to the admin's approval of the payout first (decision 028).
  'confirm-deposit': {
    from: ['deposit_seen'],
    to: ['deposit_confirmed', 'payout_approval'],
    verb: 'confirmed',
  },
  'approve-payout': { from: ['payout_approval'], to: ['deposit_confirmed'], verb: 'approved' },
  // A payout refused is not sent: the coins go back to the customer.
  'reject-payout': { from: ['payout_approval'], to: ['deposit_returning'], verb: 'rejected' },
  // Only while a reorganised block holds the payout (release-payout.ts).
  'release-payout': { from: ['deposit_confirmed'], to: ['deposit_confirmed'], verb: 'released' },
  requote: { from: ['deposit_seen'], to: ['requoted'], verb: 're-quoted' },
  'accept-requote': { from: ['requoted'], to: ['deposit_seen'], verb: 'accepted at the new total' },
  'decline-requote': { from: ['requoted'], to: ['deposit_returning'], verb: 'declined' },
  'return-deposit': {
    from: ['deposit_seen', 'requoted'],
    to: ['deposit_returning'],
    verb: 'returned',
  },
  returned: { from: ['deposit_returning'], to: ['refunded'], verb: 'marked returned' },
  payout: { from: ['deposit_confirmed'], to: ['payout_sent'], verb: 'paid out' },
  received: { from: ['payout_sent'], to: ['completed'], verb: 'confirmed as received' },
  dispute: { from: ['payout_sent'], to: ['disputed'], verb: 'disputed' },
  resolve: { from: ['disputed'], to: ['completed', 'refunded'], verb: 'resolved' },
  cancel: { from: ['quoted', 'awaiting_deposit'], to: ['cancelled'], verb: 'cancelled' },
} as const satisfies Record<OrderTransition, OrderStep>;

/** The states a step may end in. */
export type StepTarget<A extends OrderTransition> = (typeof ORDER_STEPS)[A]['to'][number];

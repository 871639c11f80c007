import type { PreviewOrderRequest } from '../../../../shared/api/orders';
import type { OrderState } from '../../../../shared/orders/states';

/**
 * The orders' query keys: one list per chat, so a realtime update written once reaches the
 * customer's chat and every agent screen that shows the order.
 */
export const orderKeys = {
  all: ['orders'] as const,
  /** A chat's orders, newest first. */
  chat: (chatSessionId: number) => ['orders', 'chat', chatSessionId] as const,
  /** Every disputed order, newest first (the admins' list). */
  disputed: ['orders', 'disputed'] as const,
  /** Every order whose payout waits for an admin's approval, newest first (decision 028). */
  payoutApprovals: ['orders', 'payout-approvals'] as const,
  /** One customer's orders, newest first (the agents' inbox side panel). */
  customer: (customerId: string) => ['orders', 'customer', customerId] as const,
  /** What a quote's body would lock now (POST /api/orders/preview). */
  preview: (body: PreviewOrderRequest) => ['orders', 'preview', body] as const,
  /** What re-quoting an order's deposit would set, for the coins received so far. */
  requotePreview: (id: number, receivedCrypto: string | null) =>
    ['orders', 'requote-preview', id, receivedCrypto] as const,
  /** One order (its receipt). */
  one: (id: number) => ['orders', 'one', id] as const,
  /** Every Orders view's pages, whatever the filter. */
  staffLists: ['orders', 'staff'] as const,
  /** The agents' Orders view, paged: every order, those in one state, or deposit problems. */
  staffList: (state: StaffOrderFilter) => ['orders', 'staff', state] as const,
};

/**
 * The Orders view's filter: every order, one state, or the open orders whose deposit is short,
 * over, late or came with an image seen before (`GET /api/orders?attention=deposit`).
 */
export type StaffOrderFilter = 'all' | 'deposit-problems' | OrderState;

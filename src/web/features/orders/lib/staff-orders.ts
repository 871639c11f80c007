import type { Order } from '../../../../shared/api/orders';
import { payoutOverdueMs } from '../../../../shared/orders/attention';

/**
 * The Orders view's order, as the server pages it: overdue payouts first, then the rest, each
 * newest first. Sorted again on screen because orders fall overdue as the clock runs.
 */
export function sortStaffOrders(orders: readonly Order[], payoutSlaMinutes: number, now: Date) {
  const overdue = (o: Order) => payoutOverdueMs(o, payoutSlaMinutes, now) !== null;
  return [...orders].sort((a, b) => Number(overdue(b)) - Number(overdue(a)) || b.id - a.id);
}

const MINUTE_MS = 60_000;

/** A span in words for the Orders list: "45 s", "12 min", "1 h 5 min", "2 d 3 h". */
export function formatDuration(ms: number): string {
  if (ms < MINUTE_MS) return `${Math.max(0, Math.floor(ms / 1000))} s`;
  const minutes = Math.floor(ms / MINUTE_MS);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** The customer's name (or email), else "Customer #" and the last 4 characters of the id. */
export function orderCustomerLabel(order: Pick<Order, 'customer' | 'customerId'>): string {
  const { firstName, lastName, email } = order.customer;
  const name = [firstName, lastName]
    .filter((p) => p?.trim())
    .join(' ')
    .trim();
  return name || email?.trim() || `Customer #${order.customerId.slice(-4)}`;
}

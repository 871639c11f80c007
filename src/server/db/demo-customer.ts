import { sql, type SQL } from 'drizzle-orm';
import { DEMO_CUSTOMER_ID } from '../../shared/api/demo';

/**
 * The demo customer (DEMO_MODE's test pages) is not a real customer: its chats, orders and
 * trades stay out of every list, count and figure staff see (decision 011), and its changes
 * reach no socket. The one place that says so.
 */
export function isDemoCustomer(customerId: string | null | undefined): boolean {
  return customerId === DEMO_CUSTOMER_ID;
}

/** `column` (a customer's id: `customer_id`, or `users.id`) is not the demo customer's. */
export function notDemoCustomer(column: SQL): SQL {
  return sql`${column} <> ${DEMO_CUSTOMER_ID}::uuid`;
}

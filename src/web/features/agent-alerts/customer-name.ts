import type { CustomerSummary } from '../../../shared/api/customers';
import { displayName } from '../../../shared/names';

/** As the agent list names a customer: the name (or email), else "Customer #" and the id's end. */
export function customerName(customer: CustomerSummary): string {
  const known = [customer.firstName, customer.lastName, customer.email].some((p) => p?.trim());
  return known ? displayName(customer) : `Customer #${customer.id.slice(-4)}`;
}

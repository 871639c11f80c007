import type { CustomerSummary } from '../../../../shared/api/customers';
import { displayName } from '../../../../shared/names';

/** "Customer #" and the id's last 4 characters. */
export function customerNumber(customerId: string): string {
  return `Customer #${customerId.slice(-4)}`;
}

/** The customer's name (or email), else "Customer #" and the last 4 characters of the id. */
export function customerLabel(customer: CustomerSummary): string {
  const known = [customer.firstName, customer.lastName, customer.email].some((p) => p?.trim());
  return known ? displayName(customer) : customerNumber(customer.id);
}

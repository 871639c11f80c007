import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  staffPayoutAccountListSchema,
  type StaffPayoutAccount,
} from '../../../../shared/api/payout-accounts';
import { apiGet } from '../../../lib/api-client';

/**
 * GET /api/admin/users/:id/payout-accounts: one customer's live accounts (agents), each with the
 * other customers who saved it too.
 */
export function listCustomerPayoutAccounts(customerId: string): Promise<StaffPayoutAccount[]> {
  return apiGet(
    `/api/admin/users/${encodeURIComponent(customerId)}/payout-accounts`,
    staffPayoutAccountListSchema,
  );
}

export const customerPayoutAccountsQuery = (customerId: string) =>
  queryOptions({
    queryKey: ['payout-accounts', 'customer', customerId],
    // Read again each time a chat of this customer opens in the inbox.
    staleTime: 0,
    queryFn: () => listCustomerPayoutAccounts(customerId),
  });

export function useCustomerPayoutAccounts(customerId: string) {
  return useQuery(customerPayoutAccountsQuery(customerId));
}

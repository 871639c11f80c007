import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  payoutAccountListSchema,
  type PayoutAccount,
} from '../../../../shared/api/payout-accounts';
import { apiGet } from '../../../lib/api-client';

/** GET /api/admin/users/:id/payout-accounts: one customer's live accounts (agents). */
export function listCustomerPayoutAccounts(customerId: string): Promise<PayoutAccount[]> {
  return apiGet(
    `/api/admin/users/${encodeURIComponent(customerId)}/payout-accounts`,
    payoutAccountListSchema,
  );
}

export const customerPayoutAccountsQuery = (customerId: string) =>
  queryOptions({
    queryKey: ['payout-accounts', 'customer', customerId],
    // Read again each time a chat of this customer opens in the desk.
    staleTime: 0,
    queryFn: () => listCustomerPayoutAccounts(customerId),
  });

export function useCustomerPayoutAccounts(customerId: string) {
  return useQuery(customerPayoutAccountsQuery(customerId));
}

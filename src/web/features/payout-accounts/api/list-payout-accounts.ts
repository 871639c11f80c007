import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  payoutAccountListSchema,
  type PayoutAccount,
} from '../../../../shared/api/payout-accounts';
import { apiGet } from '../../../lib/api-client';

export function listPayoutAccounts(): Promise<PayoutAccount[]> {
  return apiGet('/api/payout-accounts', payoutAccountListSchema);
}

export const payoutAccountsQuery = queryOptions({
  queryKey: ['payout-accounts'],
  queryFn: listPayoutAccounts,
});

/** The signed-in customer's payout accounts, oldest first. */
export function usePayoutAccounts() {
  return useQuery(payoutAccountsQuery);
}

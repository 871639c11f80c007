import { queryOptions, useQuery } from '@tanstack/react-query';
import { bankListSchema, type BankDto } from '../../../../shared/api/payout-accounts';
import { apiGet } from '../../../lib/api-client';

export function listBanks(): Promise<BankDto[]> {
  return apiGet('/api/banks', bankListSchema);
}

/** The list ships with the server: it changes only with a release. */
export const banksQuery = queryOptions({
  queryKey: ['banks'],
  queryFn: listBanks,
  staleTime: Infinity,
});

export function useBanks() {
  return useQuery(banksQuery);
}

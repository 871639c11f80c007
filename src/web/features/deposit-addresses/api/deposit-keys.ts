import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  depositKeyListSchema,
  depositKeySchema,
  type DepositKey,
} from '../../../../shared/api/deposit-addresses';
import type { DepositNetwork } from '../../../../shared/deposit-addresses/networks';
import { apiGet, apiPost } from '../../../lib/api-client';
import { useCreateInList } from '../../../lib/use-create-in-list';

export const depositKeysQuery = queryOptions({
  queryKey: ['deposit-addresses', 'keys'],
  queryFn: (): Promise<DepositKey[]> =>
    apiGet('/api/admin/desk-addresses/keys', depositKeyListSchema),
});

export function useDepositKeys() {
  return useQuery(depositKeysQuery);
}

/** Where the owner downloads each address a key handed out, with its order, as CSV. */
export const depositKeyCsvUrl = (id: number) =>
  `/api/admin/desk-addresses/keys/${id}/addresses.csv`;

export function useAddDepositKey() {
  return useCreateInList({
    create: (input: { network: DepositNetwork; extendedPublicKey: string; label: string }) =>
      apiPost('/api/admin/desk-addresses', input, depositKeySchema),
    listKey: depositKeysQuery.queryKey,
  });
}

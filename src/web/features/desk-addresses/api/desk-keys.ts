import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  deskKeyListSchema,
  deskKeySchema,
  type DeskKey,
} from '../../../../shared/api/desk-addresses';
import type { DeskNetwork } from '../../../../shared/desk-addresses/networks';
import { apiGet, apiPost } from '../../../lib/api-client';
import { useCreateInList } from '../../../lib/use-create-in-list';

export const deskKeysQuery = queryOptions({
  queryKey: ['desk-addresses', 'keys'],
  queryFn: (): Promise<DeskKey[]> => apiGet('/api/admin/desk-addresses/keys', deskKeyListSchema),
});

export function useDeskKeys() {
  return useQuery(deskKeysQuery);
}

/** Where the owner downloads each address a key handed out, with its order, as CSV. */
export const deskKeyCsvUrl = (id: number) => `/api/admin/desk-addresses/keys/${id}/addresses.csv`;

export function useAddDeskKey() {
  return useCreateInList({
    create: (input: { network: DeskNetwork; extendedPublicKey: string; label: string }) =>
      apiPost('/api/admin/desk-addresses', input, deskKeySchema),
    listKey: deskKeysQuery.queryKey,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { deskAddressListSchema, type DeskAddress } from '../../../../shared/api/desk-addresses';
import { apiGet } from '../../../lib/api-client';

export function listDeskAddresses(): Promise<DeskAddress[]> {
  return apiGet('/api/admin/desk-addresses', deskAddressListSchema);
}

export const deskAddressesQuery = queryOptions({
  queryKey: ['desk-addresses'],
  queryFn: listDeskAddresses,
});

export function useDeskAddresses() {
  return useQuery(deskAddressesQuery);
}

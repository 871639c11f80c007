import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  depositAddressListSchema,
  type DepositAddress,
} from '../../../../shared/api/deposit-addresses';
import { apiGet } from '../../../lib/api-client';

export function listDepositAddresses(): Promise<DepositAddress[]> {
  return apiGet('/api/admin/desk-addresses', depositAddressListSchema);
}

export const depositAddressesQuery = queryOptions({
  queryKey: ['deposit-addresses'],
  queryFn: listDepositAddresses,
});

export function useDepositAddresses() {
  return useQuery(depositAddressesQuery);
}

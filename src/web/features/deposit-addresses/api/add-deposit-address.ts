import {
  depositAddressSchema,
  type CreateDepositAddressRequest,
  type DepositAddress,
} from '../../../../shared/api/deposit-addresses';
import { apiPost } from '../../../lib/api-client';
import { useCreateInList } from '../../../lib/use-create-in-list';
import { depositAddressesQuery } from './list-deposit-addresses';

export function addDepositAddress(input: CreateDepositAddressRequest): Promise<DepositAddress> {
  return apiPost('/api/admin/desk-addresses', input, depositAddressSchema);
}

export function useAddDepositAddress() {
  return useCreateInList({ create: addDepositAddress, listKey: depositAddressesQuery.queryKey });
}

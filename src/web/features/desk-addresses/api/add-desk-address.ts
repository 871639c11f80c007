import {
  deskAddressSchema,
  type CreateDeskAddressRequest,
  type DeskAddress,
} from '../../../../shared/api/desk-addresses';
import { apiPost } from '../../../lib/api-client';
import { useCreateInList } from '../../../lib/use-create-in-list';
import { deskAddressesQuery } from './list-desk-addresses';

export function addDeskAddress(input: CreateDeskAddressRequest): Promise<DeskAddress> {
  return apiPost('/api/admin/desk-addresses', input, deskAddressSchema);
}

export function useAddDeskAddress() {
  return useCreateInList({ create: addDeskAddress, listKey: deskAddressesQuery.queryKey });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  deskAddressSchema,
  type CreateDeskAddressRequest,
  type DeskAddress,
} from '../../../../shared/api/desk-addresses';
import { apiPost } from '../../../lib/api-client';
import { deskAddressesQuery } from './list-desk-addresses';

export function addDeskAddress(input: CreateDeskAddressRequest): Promise<DeskAddress> {
  return apiPost('/api/admin/desk-addresses', input, deskAddressSchema);
}

export function useAddDeskAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDeskAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deskAddressesQuery.queryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  deskAddressSchema,
  type DeskAddress,
  type UpdateDeskAddressRequest,
} from '../../../../shared/api/desk-addresses';
import { apiPatch } from '../../../lib/api-client';
import { deskAddressesQuery } from './list-desk-addresses';

export function updateDeskAddress({
  id,
  ...change
}: UpdateDeskAddressRequest & { id: number }): Promise<DeskAddress> {
  return apiPatch(`/api/admin/desk-addresses/${id}`, change, deskAddressSchema);
}

export function useUpdateDeskAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDeskAddress,
    onSuccess: (address) => {
      queryClient.setQueryData(deskAddressesQuery.queryKey, (list) =>
        list?.map((a) => (a.id === address.id ? address : a)),
      );
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  depositAddressSchema,
  type DepositAddress,
  type UpdateDepositAddressRequest,
} from '../../../../shared/api/deposit-addresses';
import { apiPatch } from '../../../lib/api-client';
import { depositAddressesQuery } from './list-deposit-addresses';

export function updateDepositAddress({
  id,
  ...change
}: UpdateDepositAddressRequest & { id: number }): Promise<DepositAddress> {
  return apiPatch(`/api/admin/desk-addresses/${id}`, change, depositAddressSchema);
}

export function useUpdateDepositAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDepositAddress,
    onSuccess: (address) => {
      queryClient.setQueryData(depositAddressesQuery.queryKey, (list) =>
        list?.map((a) => (a.id === address.id ? address : a)),
      );
    },
  });
}

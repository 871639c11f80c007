import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { payoutAccountsQuery } from './list-payout-accounts';

export async function deletePayoutAccount(id: number): Promise<void> {
  await apiFetch(`/api/payout-accounts/${id}`, { method: 'DELETE' });
}

export function useDeletePayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePayoutAccount,
    onSuccess: (_, id) => {
      queryClient.setQueryData(payoutAccountsQuery.queryKey, (accounts) =>
        accounts?.filter((a) => a.id !== id),
      );
    },
  });
}

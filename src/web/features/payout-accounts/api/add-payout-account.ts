import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  payoutAccountSchema,
  type CreatePayoutAccountRequest,
  type PayoutAccount,
} from '../../../../shared/api/payout-accounts';
import { apiPost } from '../../../lib/api-client';
import { payoutAccountsQuery } from './list-payout-accounts';

export function addPayoutAccount(input: CreatePayoutAccountRequest): Promise<PayoutAccount> {
  return apiPost('/api/payout-accounts', input, payoutAccountSchema);
}

export function useAddPayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPayoutAccount,
    onSuccess: (account) => {
      queryClient.setQueryData(payoutAccountsQuery.queryKey, (accounts) => [
        ...(accounts ?? []),
        account,
      ]);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  payoutAccountSchema,
  type CreatePayoutAccountRequest,
  type PayoutAccount,
} from '../../../../shared/api/payout-accounts';
import { apiPost } from '../../../lib/api-client';
import { customerPayoutAccountsQuery } from '../../payout-accounts/api/list-customer-payout-accounts';

/**
 * POST /api/channels/whatsapp/customers/:id/payout-accounts: an agent adds a payout account for
 * a WhatsApp customer, who confirms it with a button (decision 036). Pending until then.
 */
export function addCustomerPayoutAccount(
  customerId: string,
  input: CreatePayoutAccountRequest,
): Promise<PayoutAccount> {
  return apiPost(
    `/api/channels/whatsapp/customers/${encodeURIComponent(customerId)}/payout-accounts`,
    input,
    payoutAccountSchema,
  );
}

export function useAddCustomerPayoutAccount(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePayoutAccountRequest) => addCustomerPayoutAccount(customerId, input),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: customerPayoutAccountsQuery(customerId).queryKey,
      }),
  });
}

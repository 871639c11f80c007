import {
  payoutAccountSchema,
  type CreatePayoutAccountRequest,
  type PayoutAccount,
} from '../../../../shared/api/payout-accounts';
import { apiPost } from '../../../lib/api-client';
import { useCreateInList } from '../../../lib/use-create-in-list';
import { payoutAccountsQuery } from './list-payout-accounts';

export function addPayoutAccount(input: CreatePayoutAccountRequest): Promise<PayoutAccount> {
  return apiPost('/api/payout-accounts', input, payoutAccountSchema);
}

export function useAddPayoutAccount() {
  return useCreateInList({ create: addPayoutAccount, listKey: payoutAccountsQuery.queryKey });
}

import { PanelList } from '../../../components/panel-list';
import { useCustomerPayoutAccounts } from '../api/list-customer-payout-accounts';
import { PayoutAccountDetails } from '../../../components/payout-account-details';

/**
 * A customer's saved payout accounts in the agents' inbox, in full: bank, account number (with
 * copy), the holder's name, whether the bank verified it, and the other customers who saved the
 * same account. Read-only: only the customer adds or deletes accounts.
 */
export function CustomerPayoutAccounts({
  customerId,
  customerName,
}: {
  customerId: string;
  customerName: string;
}) {
  const accounts = useCustomerPayoutAccounts(customerId);
  return (
    <PanelList
      label={`Payout accounts of ${customerName}`}
      query={accounts}
      empty="No payout accounts saved"
      item={(account) => (
        <li key={account.id} data-testid="customer-payout-account" className="py-2">
          <PayoutAccountDetails account={account} alsoSavedBy={account.alsoSavedBy} />
        </li>
      )}
    />
  );
}

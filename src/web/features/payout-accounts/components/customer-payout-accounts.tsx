import { BadgeCheck, Landmark } from 'lucide-react';
import { payoutAccountLabel } from '../../../../shared/payout-accounts/masked-account';
import { PanelList } from '../../../components/panel-list';
import { useCustomerPayoutAccounts } from '../api/list-customer-payout-accounts';

/**
 * A customer's saved payout accounts in the agents' desk: masked as everywhere ("GTBank
 * ****1234"), the holder's name, and whether the bank verified it. Read-only: only the
 * customer adds or deletes accounts.
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
        <li
          key={account.id}
          data-testid="customer-payout-account"
          className="flex min-h-11 items-center gap-2 py-1.5 text-sm"
        >
          <Landmark aria-hidden className="size-4 shrink-0 text-brand-700" />
          <span className="min-w-0 flex-1">
            <span className="block font-semibold">{payoutAccountLabel(account)}</span>
            <span className="block break-words text-ink-muted">{account.accountName}</span>
          </span>
          {account.verified ? (
            <span className="inline-flex shrink-0 items-center gap-1 text-xs font-medium text-up">
              <BadgeCheck aria-hidden className="size-4" />
              Verified
            </span>
          ) : (
            <span className="shrink-0 text-xs text-ink-muted">Not verified</span>
          )}
        </li>
      )}
    />
  );
}

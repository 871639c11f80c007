import { Clock } from 'lucide-react';
import { useState } from 'react';
import { PanelList } from '../../../components/panel-list';
import { Button } from '../../../components/ui/button';
import { useAddCustomerPayoutAccount } from '../../whatsapp/api/add-customer-payout-account';
import { useCustomerPayoutAccounts } from '../api/list-customer-payout-accounts';
import { PayoutAccountDetails } from '../../../components/payout-account-details';
import { AddAccountForm } from './add-account-form';

/** An agent adds an account for a WhatsApp customer, who confirms it there (decision 036). */
function AddForWhatsappCustomer({ customerId }: { customerId: string }) {
  const add = useAddCustomerPayoutAccount(customerId);
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button
        variant="outline"
        className="mt-2"
        data-testid="add-customer-account"
        onClick={() => setOpen(true)}
      >
        Add an account for the customer
      </Button>
    );
  }
  return (
    <div className="mt-3" data-testid="add-customer-account-form">
      <AddAccountForm forCustomer={add} onAdded={() => setOpen(false)} />
    </div>
  );
}

/**
 * A customer's saved payout accounts in the agents' inbox, in full: bank, account number (with
 * copy), the holder's name, whether the bank verified it, and the other customers who saved the
 * same account. A customer adds and deletes their own; for a customer on WhatsApp
 * (`whatsapp`), who has no page to add one, an agent adds it and it shows as waiting until the
 * customer confirms it with a button there.
 */
export function CustomerPayoutAccounts({
  customerId,
  customerName,
  whatsapp = false,
}: {
  customerId: string;
  customerName: string;
  whatsapp?: boolean;
}) {
  const accounts = useCustomerPayoutAccounts(customerId);
  return (
    <>
      <PanelList
        label={`Payout accounts of ${customerName}`}
        query={accounts}
        empty="No payout accounts saved"
        item={(account) => (
          <li key={account.id} data-testid="customer-payout-account" className="py-2">
            <PayoutAccountDetails account={account} alsoSavedBy={account.alsoSavedBy} />
            {account.pending && (
              <p
                data-testid="payout-account-pending"
                className="mt-1 inline-flex items-center gap-1 rounded-full bg-canvas px-2 py-0.5 text-xs font-medium text-ink-muted"
              >
                <Clock aria-hidden className="size-3.5" />
                Waiting for the customer to confirm on WhatsApp
              </p>
            )}
          </li>
        )}
      />
      {whatsapp && <AddForWhatsappCustomer customerId={customerId} />}
    </>
  );
}

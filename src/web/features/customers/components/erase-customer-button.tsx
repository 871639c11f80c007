import { useState } from 'react';
import { UserX } from 'lucide-react';
import type { CustomerSummary } from '../../../../shared/api/customers';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorText } from '../../../lib/error-text';
import { useEraseCustomer } from '../api/erase-customer';
import { customerLabel } from '../lib/customer-label';

/**
 * Admins only: erases the customer on their request (a WhatsApp customer cannot do it from a
 * web account), after a dialog that names them and says what goes and what stays.
 */
export function EraseCustomerButton({
  customer,
  whatsappNumber,
}: {
  customer: CustomerSummary;
  /** Their number as staff read it, when they write from WhatsApp. */
  whatsappNumber?: string | null;
}) {
  const [open, setOpen] = useState(false);
  const erase = useEraseCustomer();
  const name = customerLabel(customer);
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        <UserX aria-hidden />
        Erase customer
      </Button>
      {erase.isError && !open && (
        <ErrorAlert>{errorText(erase.error, 'Could not erase the customer.')}</ErrorAlert>
      )}
      <ConfirmDialog
        open={open}
        danger
        pending={erase.isPending}
        title={`Erase ${name}?`}
        description="On the customer's request: their name, number, chat messages and files are deleted for good. Orders, payments and the audit log stay, under a code instead of their name. This cannot be undone."
        facts={[
          { label: 'Customer', value: name },
          ...(whatsappNumber ? [{ label: 'WhatsApp', value: whatsappNumber }] : []),
        ]}
        confirmLabel={erase.isPending ? 'Erasing…' : 'Erase customer'}
        onConfirm={() =>
          erase.mutate(customer.id, {
            onSettled: () => setOpen(false),
          })
        }
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

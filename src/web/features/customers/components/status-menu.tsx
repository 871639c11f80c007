import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Ban, Check, ChevronDown, EllipsisVertical } from 'lucide-react';
import { useState } from 'react';
import type { CustomerSummary } from '../../../../shared/api/customers';
import type { CustomerStatus } from '../../../../shared/domain';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { cn } from '../../../lib/cn';
import { useUpdateCustomerStatus } from '../api/update-customer-status';
import { customerLabel } from '../lib/customer-label';
import { CustomerStatusBadge } from '../../../components/customer-status-badge';

const CHOICES: readonly { status: Exclude<CustomerStatus, 'banned'>; label: string }[] = [
  { status: 'active', label: 'Active' },
  { status: 'paid', label: 'Paid' },
  { status: 'dispute', label: 'Dispute' },
  { status: 'hold', label: 'Hold' },
];

const itemClasses =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm font-medium outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-brand-50';

/**
 * The spec's "Mark Customer As" menu: Active, Paid, Dispute, Hold and "Ban Customer". A ban
 * stops the customer chatting, so it asks first, naming the customer. Opened from a chat row's
 * ⋮ button (`trigger="icon"`) or from the status badge itself (`trigger="badge"`, the inbox's
 * customer panel).
 */
export function StatusMenu({
  customer,
  trigger = 'icon',
}: {
  customer: CustomerSummary;
  trigger?: 'icon' | 'badge';
}) {
  const mutation = useUpdateCustomerStatus();
  const [askingBan, setAskingBan] = useState(false);
  const mark = (status: CustomerStatus) => {
    if (status !== customer.customerStatus) mutation.mutate({ customerId: customer.id, status });
  };
  return (
    <>
      <ConfirmDialog
        open={askingBan}
        title="Ban this customer?"
        description="A banned customer can read their chats but cannot start one or send a message."
        facts={[
          { label: 'Customer', value: customerLabel(customer) },
          ...(customer.email ? [{ label: 'Email', value: customer.email }] : []),
        ]}
        confirmLabel="Ban Customer"
        danger
        pending={mutation.isPending}
        onConfirm={() => {
          mark('banned');
          setAskingBan(false);
        }}
        onCancel={() => setAskingBan(false)}
      />
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label={`Mark Customer As (${customerLabel(customer)})`}
          disabled={mutation.isPending}
          className={cn(
            'inline-flex shrink-0 items-center justify-center rounded-xl text-ink-muted hover:bg-brand-50 hover:text-brand-800 disabled:opacity-50 data-[state=open]:bg-brand-50',
            trigger === 'icon' ? 'size-11' : 'min-h-11 gap-1 px-2',
          )}
        >
          {trigger === 'icon' ? (
            <EllipsisVertical aria-hidden className="size-5" />
          ) : (
            <>
              <CustomerStatusBadge status={customer.customerStatus} />
              <ChevronDown aria-hidden className="size-4" />
            </>
          )}
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            collisionPadding={8}
            className="z-50 min-w-52 rounded-xl bg-surface p-1.5 text-ink shadow-card ring-1 ring-black/5"
          >
            <DropdownMenu.Label className="px-3 pt-1.5 pb-1 text-xs font-semibold tracking-wide text-ink-muted uppercase">
              Mark Customer As
            </DropdownMenu.Label>
            {CHOICES.map((choice) => (
              <DropdownMenu.Item
                key={choice.status}
                className={itemClasses}
                onSelect={() => mark(choice.status)}
              >
                <Check
                  aria-hidden
                  className={cn(
                    'size-4 text-brand-700',
                    customer.customerStatus !== choice.status && 'invisible',
                  )}
                />
                {choice.label}
              </DropdownMenu.Item>
            ))}
            <DropdownMenu.Separator className="my-1 h-px bg-line" />
            <DropdownMenu.Item
              className={cn(itemClasses, 'text-down data-[highlighted]:bg-down-soft')}
              disabled={customer.customerStatus === 'banned'}
              onSelect={() => setAskingBan(true)}
            >
              <Ban aria-hidden className="size-4" />
              Ban Customer
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </>
  );
}

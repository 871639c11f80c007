import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, ChevronDown } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { CUSTOMER_STATUSES, type CustomerStatus } from '../../../../shared/domain';
import { CUSTOMER_STATUS_LABELS } from '../../../lib/labels';
import { CustomerStatusBadge } from '../../../components/customer-status-badge';
import { useUpdateDemoCustomerStatus } from '../api/demo-sessions';

/** The customer's status badge, and a dropdown that changes it. */
export function DemoStatusMenu({
  customerId,
  status,
  name,
  onDark = false,
}: {
  customerId: string;
  status: CustomerStatus;
  name: string;
  /** In a dark header. */
  onDark?: boolean;
}) {
  const mutation = useUpdateDemoCustomerStatus();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Status of ${name}: ${CUSTOMER_STATUS_LABELS[status]}. Change status`}
        disabled={mutation.isPending}
        className={cn(
          'inline-flex min-h-11 shrink-0 items-center gap-1 rounded-xl px-1.5 disabled:opacity-60',
          onDark
            ? 'hover:bg-white/10 data-[state=open]:bg-white/10'
            : 'hover:bg-brand-50 data-[state=open]:bg-brand-50',
        )}
      >
        <CustomerStatusBadge status={status} />
        <ChevronDown
          aria-hidden
          className={cn('size-4', onDark ? 'text-white/80' : 'text-ink-muted')}
        />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          className="z-50 min-w-44 rounded-xl bg-surface p-1.5 text-ink shadow-card ring-1 ring-black/5"
        >
          <DropdownMenu.RadioGroup
            value={status}
            onValueChange={(value) =>
              mutation.mutate({ customerId, status: value as CustomerStatus })
            }
          >
            {CUSTOMER_STATUSES.map((value) => (
              <DropdownMenu.RadioItem
                key={value}
                value={value}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm font-medium outline-none select-none data-[highlighted]:bg-brand-50 data-[state=checked]:text-brand-800"
              >
                <span className="inline-flex size-4 items-center justify-center">
                  <DropdownMenu.ItemIndicator>
                    <Check aria-hidden className="size-4" />
                  </DropdownMenu.ItemIndicator>
                </span>
                {CUSTOMER_STATUS_LABELS[value]}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

import type { CustomerStatus } from '../../../../shared/domain';
import { Badge, type BadgeTone } from '../../../components/badge';

/** The spec's colours: active green, banned red, paid blue, dispute yellow, hold grey. */
export const CUSTOMER_STATUS_STYLE: Record<CustomerStatus, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'green' },
  banned: { label: 'Banned', tone: 'red' },
  paid: { label: 'Paid', tone: 'blue' },
  dispute: { label: 'Dispute', tone: 'yellow' },
  hold: { label: 'Hold', tone: 'grey' },
};

/** A customer's standing, as agents see it. */
export function CustomerStatusBadge({
  status,
  className,
}: {
  status: CustomerStatus;
  className?: string;
}) {
  const { label, tone } = CUSTOMER_STATUS_STYLE[status];
  return (
    <Badge tone={tone} data-testid="customer-status" data-status={status} className={className}>
      {label}
    </Badge>
  );
}

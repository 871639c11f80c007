import type { CustomerStatus } from '../../shared/domain';
import { Badge, type BadgeTone } from './badge';
import { CUSTOMER_STATUS_LABELS } from '../lib/labels';

/** The spec's colours: active green, banned red, paid blue, dispute yellow, hold grey. */
const CUSTOMER_STATUS_TONES: Record<CustomerStatus, BadgeTone> = {
  active: 'green',
  banned: 'red',
  paid: 'blue',
  dispute: 'yellow',
  hold: 'grey',
};

/** A customer's standing, as agents see it. */
export function CustomerStatusBadge({
  status,
  className,
}: {
  status: CustomerStatus;
  className?: string;
}) {
  return (
    <Badge
      tone={CUSTOMER_STATUS_TONES[status]}
      data-testid="customer-status"
      data-status={status}
      className={className}
    >
      {CUSTOMER_STATUS_LABELS[status]}
    </Badge>
  );
}

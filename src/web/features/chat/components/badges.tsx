import type { ChatCategory, CustomerStatus } from '../../../../shared/domain';
import { cn } from '../../../lib/cn';

/** The spec's status colours: active green, banned red, paid blue, dispute yellow, hold grey. */
const STATUS_CLASSES: Record<CustomerStatus, string> = {
  active: 'bg-green-100 text-green-800 ring-green-600/20',
  banned: 'bg-red-100 text-red-800 ring-red-600/20',
  paid: 'bg-blue-100 text-blue-800 ring-blue-600/20',
  dispute: 'bg-yellow-100 text-yellow-800 ring-yellow-600/25',
  hold: 'bg-gray-100 text-gray-700 ring-gray-500/20',
};

const STATUS_LABELS: Record<CustomerStatus, string> = {
  active: 'Active',
  banned: 'Banned',
  paid: 'Paid',
  dispute: 'Dispute',
  hold: 'Hold',
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
    <span
      data-testid="customer-status"
      data-status={status}
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
        STATUS_CLASSES[status],
        className,
      )}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}

/** The chat's category, upper case. */
export function CategoryBadge({
  category,
  tone = 'light',
  className,
}: {
  category: ChatCategory;
  tone?: 'light' | 'dark';
  className?: string;
}) {
  return (
    <span
      data-testid="category-badge"
      className={cn(
        'inline-flex items-center rounded-md px-2 py-0.5 text-[11px] font-bold tracking-wider uppercase',
        tone === 'dark'
          ? 'bg-white/12 text-gold-200 ring-1 ring-white/15'
          : 'bg-brand-50 text-brand-800',
        className,
      )}
    >
      {category}
    </span>
  );
}

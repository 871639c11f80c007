import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import type { TransactionStatus } from '../../../../shared/domain';
import { cn } from '../../../lib/cn';
import { TRANSACTION_STATUS_LABELS } from '../../../lib/labels';

const STYLES: Record<TransactionStatus, { classes: string; icon: typeof Clock }> = {
  pending_approval: { classes: 'bg-orange-50 text-orange-900 ring-orange-600/30', icon: Clock },
  pending: { classes: 'bg-yellow-50 text-yellow-900 ring-yellow-600/30', icon: Clock },
  completed: { classes: 'bg-up-soft text-up ring-up/20', icon: CheckCircle2 },
  failed: { classes: 'bg-down-soft text-down ring-down/20', icon: XCircle },
};

/** Waiting for approval orange, pending yellow, completed green, failed red. */
export function TransactionStatusBadge({ status }: { status: TransactionStatus }) {
  const { classes, icon: Icon } = STYLES[status];
  return (
    <span
      data-testid="transaction-status"
      data-status={status}
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs leading-4 font-semibold ring-1 ring-inset',
        classes,
      )}
    >
      <Icon aria-hidden className="size-3.5" />
      {TRANSACTION_STATUS_LABELS[status]}
    </span>
  );
}

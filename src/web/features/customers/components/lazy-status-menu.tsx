import { lazy, Suspense, type ComponentProps } from 'react';
import { CustomerStatusBadge } from '../../../components/customer-status-badge';
import { cn } from '../../../lib/cn';

const Menu = lazy(() => import('./status-menu').then((m) => ({ default: m.StatusMenu })));

/**
 * The "Mark Customer As" menu (status-menu.tsx), in a chunk of its own: its dropdown and
 * confirmation dialog load when a row or panel shows it, not with the inbox's list (decision
 * 005, page weight). Until then, its trigger's place, the same size.
 */
export function StatusMenu(props: ComponentProps<typeof Menu>) {
  const badge = props.trigger === 'badge';
  return (
    <Suspense
      fallback={
        <span
          aria-hidden
          className={cn(
            'inline-flex shrink-0 items-center',
            badge ? 'min-h-11 gap-1 px-2' : 'size-11',
          )}
        >
          {badge && <CustomerStatusBadge status={props.customer.customerStatus} />}
        </span>
      }
    >
      <Menu {...props} />
    </Suspense>
  );
}

import type { DepositAddress } from '../../../../shared/api/deposit-addresses';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

/** One address: label, the full address (to check against the wallet), uses, and on/off. */
export function AddressRow({
  address,
  busy,
  onToggle,
}: {
  address: DepositAddress;
  busy: boolean;
  onToggle: () => void;
}) {
  return (
    <li
      className={cn('flex flex-wrap items-center gap-3 px-4 py-3', !address.active && 'bg-canvas')}
    >
      <div className="min-w-0 flex-1 basis-64">
        <p className="flex items-center gap-2 font-semibold text-ink">
          {address.label}
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-xs font-semibold',
              address.active ? 'bg-up-soft text-up' : 'bg-line text-ink-muted',
            )}
          >
            {address.active ? 'Active' : 'Inactive'}
          </span>
        </p>
        <p className="font-mono text-sm break-all text-ink-muted">{address.address}</p>
        <p className="text-xs text-ink-muted">
          Given to {address.timesUsed} {address.timesUsed === 1 ? 'order' : 'orders'}
        </p>
      </div>
      <Button
        variant={address.active ? 'danger' : 'outline'}
        disabled={busy}
        onClick={onToggle}
        aria-label={`${address.active ? 'Deactivate' : 'Activate'} ${address.label}`}
      >
        {address.active ? 'Deactivate' : 'Activate'}
      </Button>
    </li>
  );
}

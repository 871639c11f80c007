import { ShieldAlert } from 'lucide-react';
import type { NewDevice } from '../../../../shared/api/auth';
import { Button } from '../../../components/ui/button';

const when = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short' });

/** Sign-ins from browsers not seen before, until the member says they were theirs. */
export function NewDeviceNotice({
  devices,
  onDismiss,
  pending,
}: {
  devices: readonly NewDevice[];
  onDismiss: () => void;
  pending: boolean;
}) {
  if (devices.length === 0) return null;
  return (
    <div
      role="status"
      data-testid="new-device-notice"
      className="grid gap-2 rounded-xl border border-gold-300 bg-gold-50 p-4 text-sm"
    >
      <p className="flex items-center gap-2 font-semibold">
        <ShieldAlert aria-hidden className="size-5" />
        New sign-in to your account
      </p>
      <ul className="grid gap-1">
        {devices.map((d) => (
          <li key={d.createdAt}>
            {when.format(new Date(d.createdAt))}: {d.userAgent ?? 'Unknown browser'} from{' '}
            {d.ipAddress ?? 'an unknown address'}
          </li>
        ))}
      </ul>
      <p>Not you? Change your password below and end the sessions you do not know.</p>
      <Button variant="outline" onClick={onDismiss} disabled={pending}>
        It was me
      </Button>
    </div>
  );
}

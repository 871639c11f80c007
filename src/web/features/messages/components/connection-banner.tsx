import { WifiOff } from 'lucide-react';
import type { ConnectionState } from '../../../lib/realtime';

/** Shown while the live connection is down; it goes when the connection is back. */
export function ConnectionBanner({ state }: { state: ConnectionState }) {
  return (
    <div role="status" aria-live="polite" className="contents">
      {state === 'reconnecting' && (
        <p
          data-testid="reconnecting"
          className="flex items-center justify-center gap-2 bg-gold-200 px-4 py-1.5 text-sm font-medium text-brand-950"
        >
          <WifiOff aria-hidden className="size-4" />
          Reconnecting...
        </p>
      )}
    </div>
  );
}

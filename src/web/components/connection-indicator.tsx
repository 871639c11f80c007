import type { ConnectionState } from '../lib/realtime';
import { cn } from '../lib/cn';

const LABELS: Record<ConnectionState, string> = {
  online: 'Online',
  connecting: 'Connecting...',
  reconnecting: 'Reconnecting...',
};

/** Whether live updates are flowing: the realtime connection's state. */
export function ConnectionIndicator({
  state,
  quiet = false,
}: {
  state: ConnectionState;
  /**
   * Where a pill beside it shows the agent's availability (the inbox's header): while connected
   * it is not shown, only told to screen readers, so the visible "Online" is the availability.
   */
  quiet?: boolean;
}) {
  if (quiet && state === 'online')
    return (
      <span role="status" data-testid="connection-state" className="sr-only">
        {LABELS[state]}
      </span>
    );
  return (
    <span
      role="status"
      data-testid="connection-state"
      className="inline-flex items-center gap-1.5 rounded-full bg-white/10 px-2.5 py-1 text-xs font-semibold text-white"
    >
      <span
        aria-hidden
        className={cn(
          'size-2 rounded-full',
          state === 'online' ? 'bg-brand-300' : 'bg-gold-300 motion-safe:animate-pulse-dot',
        )}
      />
      {LABELS[state]}
    </span>
  );
}

import type { AvailabilityState } from '../../../../shared/api/availability';
import { RadioButtons } from '../../../components/radio-buttons';
import { cn } from '../../../lib/cn';
import { useMyAvailability, useSetMyAvailability } from '../api/my-availability';

const STATES = ['online', 'break', 'offline'] as const satisfies readonly AvailabilityState[];

const LABELS: Record<AvailabilityState, string> = {
  online: 'Online',
  break: 'Break',
  offline: 'Offline',
};

const DOT: Record<AvailabilityState, string> = {
  online: 'bg-brand-300',
  break: 'bg-gold-300',
  offline: 'bg-white/40',
};

/**
 * The inbox header's one availability switch: Online, Break or Offline, as the server has it
 * (an admin's change or a sign-out elsewhere arrives live). Round-robin gives chats to Online
 * agents only; Break lasts until the agent (or an admin) ends it.
 */
export function AvailabilitySwitch() {
  const availability = useMyAvailability();
  const set = useSetMyAvailability();
  const current = set.isPending ? set.variables : availability.data?.state;
  if (!current) return null;
  return (
    <RadioButtons
      label="Availability"
      value={current}
      options={STATES}
      onChange={(state) => {
        if (state !== current && !set.isPending) set.mutate(state);
      }}
      className="inline-flex rounded-full bg-white/10 p-0.5 text-xs font-semibold text-white"
      buttonClassName={(checked) =>
        cn(
          // 44 px on a phone (a thumb), 32 px where a pointer is likely.
          'inline-flex min-h-11 items-center gap-1.5 rounded-full px-2.5 sm:min-h-8',
          checked ? 'bg-white text-brand-900' : 'text-white/80 hover:bg-white/10',
        )
      }
    >
      {(state) => (
        <>
          <span aria-hidden className={cn('size-2 rounded-full', DOT[state])} />
          {LABELS[state]}
        </>
      )}
    </RadioButtons>
  );
}

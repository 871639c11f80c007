import { Coffee } from 'lucide-react';
import { TopBarButton } from '../../../components/top-bar';
import { useMyAvailability, useSetMyAvailability } from '../api/my-availability';

/**
 * The agent dashboard's "Break" (the spec's button): sets Break, and from Break back to Online.
 * The spec's label stays; aria-pressed (and the highlight) says Break is on.
 */
export function BreakButton() {
  const availability = useMyAvailability();
  const set = useSetMyAvailability();
  const onBreak = availability.data?.state === 'break';
  return (
    <span aria-live="polite" className="contents">
      <TopBarButton
        icon={<Coffee aria-hidden />}
        label="Break"
        pressed={onBreak}
        disabled={!availability.data || set.isPending}
        onClick={() => set.mutate(onBreak ? 'online' : 'break')}
      />
    </span>
  );
}

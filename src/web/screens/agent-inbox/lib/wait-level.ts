import { useEffect, useState } from 'react';

/**
 * How long a customer has waited for a reply against FIRST_RESPONSE_TARGET_MINUTES: `amber`
 * from half the target, `red` from the target itself, `none` before (or when nobody waits).
 */
export type WaitLevel = 'none' | 'amber' | 'red';

const MINUTE_MS = 60_000;

function thresholds(targetMinutes: number) {
  return { amber: (targetMinutes * MINUTE_MS) / 2, red: targetMinutes * MINUTE_MS };
}

export function waitLevel(
  waitingSince: string | null,
  targetMinutes: number,
  now: number,
): WaitLevel {
  if (waitingSince === null) return 'none';
  const waited = now - Date.parse(waitingSince);
  const t = thresholds(targetMinutes);
  return waited >= t.red ? 'red' : waited >= t.amber ? 'amber' : 'none';
}

/** Milliseconds from `now` until the level next changes; null when it never will (red, or no wait). */
export function msUntilNextLevel(
  waitingSince: string | null,
  targetMinutes: number,
  now: number,
): number | null {
  if (waitingSince === null) return null;
  const waited = now - Date.parse(waitingSince);
  const t = thresholds(targetMinutes);
  if (waited < t.amber) return t.amber - waited;
  if (waited < t.red) return t.red - waited;
  return null;
}

/**
 * The wait's level, live: one timeout per waiting row, set for the moment the level changes next
 * (at most two per wait), so a list of waiting chats costs no ticking timer. `now` is the time
 * the level was last read; a wait that changed since (a refetch, a reply) is read again at once.
 */
export function useWaitLevel(waitingSince: string | null, targetMinutes: number): WaitLevel {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const current = Date.now();
    const stale =
      waitLevel(waitingSince, targetMinutes, current) !==
      waitLevel(waitingSince, targetMinutes, now);
    const delay = stale ? 0 : msUntilNextLevel(waitingSince, targetMinutes, current);
    if (delay === null) return;
    // A few ms late rather than early: the level is read again at the new time.
    const timer = setTimeout(() => setNow(Date.now()), delay + 5);
    return () => clearTimeout(timer);
  }, [waitingSince, targetMinutes, now]);
  return waitLevel(waitingSince, targetMinutes, now);
}

import { useEffect, useState } from 'react';

/** setTimeout's longest delay (about 24.8 days); a longer one fires at once. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * Milliseconds left until `until` (0 once past), while `running`. It ticks on the whole seconds
 * before `until`, not on the second it started, so the figure reaches "0:00" (and whatever
 * turns on it) at the instant itself, not up to a second later. Not running: no timer at all.
 */
export function useCountdown(until: string, running = true): number {
  const end = Date.parse(until);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      const left = end - Date.now();
      if (left <= 0) return;
      timer = setTimeout(
        () => {
          setNow(Date.now());
          schedule();
        },
        Math.min(left % 1000 || 1000, MAX_DELAY_MS),
      );
    };
    schedule();
    return () => clearTimeout(timer);
  }, [end, running]);
  return Math.max(0, end - now);
}

/** "14:05" (minutes and seconds), or "1:02:03" past an hour. */
export function formatRemaining(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

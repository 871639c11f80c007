import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { RealtimeEvent } from '../../shared/api/realtime';

export type RealtimeEventType = RealtimeEvent['type'];

/** Writes one realtime event of type `T` into the query cache. */
export type LiveApplier<T extends RealtimeEventType> = (
  queryClient: QueryClient,
  event: Extract<RealtimeEvent, { type: T }>,
) => void;

/**
 * What one capability does with the realtime events (app/live-updates.tsx applies them all,
 * whichever screen is open): its applier per event type, and the roots of the query keys the
 * socket keeps fresh. Those never go stale while the socket is up; after a gap the socket
 * cannot replay, they are fetched again.
 */
export interface LiveCapability {
  readonly on: { readonly [T in RealtimeEventType]?: LiveApplier<T> };
  /** Figures summed up from everything (the admin dashboard): any event changes them. */
  readonly onAny?: LiveApplier<RealtimeEventType>;
  readonly roots: readonly QueryKey[];
  /** After a gap: more than fetching the roots again (a queued refresh to drop, ...). */
  readonly resync?: (queryClient: QueryClient) => void;
}

/**
 * One job per query client at most every `delayMs` (a burst of events, a reconnect's replay,
 * refreshes once). Returns the trigger.
 */
export function throttledPerClient(
  delayMs: number,
  job: (queryClient: QueryClient) => void,
): (queryClient: QueryClient) => void {
  const timers = new WeakMap<QueryClient, ReturnType<typeof setTimeout>>();
  return (queryClient) => {
    if (timers.has(queryClient)) return;
    timers.set(
      queryClient,
      setTimeout(() => {
        timers.delete(queryClient);
        job(queryClient);
      }, delayMs),
    );
  };
}

import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { RealtimeEvent } from '../../shared/api/realtime';
// Each capability's live module, not its feature's index: the index brings the feature's
// screens and components (the orders' QR code, the conversation), which the live layer must not
// load on a screen that shows none of them (decision 005, page weight).
import { liveAgentAlerts } from '../features/agent-alerts/live-alerts';
import { liveAvailability } from '../features/availability/lib/live-availability';
import { liveSessions } from '../features/chat-sessions/lib/live-sessions';
import { liveMessages } from '../features/messages/lib/live-messages';
import { liveOrders } from '../features/orders/lib/live-orders';
import { liveRates } from '../features/rates/lib/live-rates';
import { liveReports } from '../features/reports/lib/live-reports';
import { liveServiceMetrics } from '../features/service-metrics/lib/live-service-metrics';
import { liveTransactions } from '../features/transactions/lib/live-transactions';
import type { LiveApplier, LiveCapability, RealtimeEventType } from '../lib/live-cache';
import { useRealtimeSource, type RealtimeSource } from '../lib/realtime';

/** Every capability whose data the socket keeps fresh, in the order an event reaches them. */
const LIVE_CAPABILITIES: readonly LiveCapability[] = [
  liveSessions,
  liveMessages,
  liveOrders,
  liveTransactions,
  liveRates,
  liveAvailability,
  liveReports,
  liveServiceMetrics,
  liveAgentAlerts,
];

/** The roots of every query key the socket keeps fresh: one list, from the capabilities. */
export const LIVE_QUERY_ROOTS = LIVE_CAPABILITIES.flatMap((capability) => capability.roots);

function appliersFor(type: RealtimeEventType): LiveApplier<RealtimeEventType>[] {
  return LIVE_CAPABILITIES.flatMap((capability) => {
    const applier = capability.on[type] as LiveApplier<RealtimeEventType> | undefined;
    return [...(applier ? [applier] : []), ...(capability.onAny ? [capability.onAny] : [])];
  });
}

const appliers = new Map<RealtimeEventType, LiveApplier<RealtimeEventType>[]>();

/** Hands one event to each capability's applier for its type. */
export function applyLiveEvent(queryClient: QueryClient, event: RealtimeEvent): void {
  let forType = appliers.get(event.type);
  if (!forType) appliers.set(event.type, (forType = appliersFor(event.type)));
  for (const apply of forType) apply(queryClient, event);
}

/** After a gap the socket cannot replay: everything the socket keeps fresh loads again. */
export function resyncLiveQueries(queryClient: QueryClient): void {
  for (const queryKey of LIVE_QUERY_ROOTS) void queryClient.invalidateQueries({ queryKey });
  for (const capability of LIVE_CAPABILITIES) capability.resync?.(queryClient);
}

const subscriptions = new WeakMap<QueryClient, { users: number; stop: () => void }>();

/**
 * The page's one subscription (chatwoot's actionCable.js): each realtime event goes to its
 * capabilities' appliers, whichever screens are mounted, so a cache never goes stale while its
 * screen is closed. The socket replays what it missed while closed (it resumes after the last
 * event id it saw), so the live queries never go stale on a timer; other queries do.
 */
export function subscribeLiveUpdates(queryClient: QueryClient, source: RealtimeSource): () => void {
  let subscription = subscriptions.get(queryClient);
  if (!subscription) {
    for (const queryKey of LIVE_QUERY_ROOTS) {
      queryClient.setQueryDefaults(queryKey, { staleTime: Infinity });
    }
    const stopEvents = source.onEvent((event) => applyLiveEvent(queryClient, event));
    const stopResync = source.onResync(() => resyncLiveQueries(queryClient));
    subscription = {
      users: 0,
      stop: () => {
        stopEvents();
        stopResync();
      },
    };
    subscriptions.set(queryClient, subscription);
  }
  subscription.users++;
  const current = subscription;
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    if (--current.users > 0) return;
    current.stop();
    subscriptions.delete(queryClient);
  };
}

/** Mounted once above the screens (the data layer every screen renders in). */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  const source = useRealtimeSource();
  useEffect(() => subscribeLiveUpdates(queryClient, source), [queryClient, source]);
  return null;
}

import type { RealtimeEvent } from '../../../shared/api/realtime';
import type { LiveCapability } from '../../lib/live-cache';
import { agentAlerts, type AlertItem } from './alert-store';

type Ring = (item: AlertItem) => void;

/** The agent screens open now, newest last: the newest rings. None (a customer's page): no count. */
const ringers: Ring[] = [];

/**
 * While an agent screen is open, new chats and customers' messages count and ring through
 * `ring`. Returns the call that stops it.
 */
export function armAgentAlerts(ring: Ring): () => void {
  ringers.push(ring);
  return () => {
    const index = ringers.lastIndexOf(ring);
    if (index !== -1) ringers.splice(index, 1);
  };
}

function countAndRing(_queryClient: unknown, event: RealtimeEvent): void {
  const ring = ringers.at(-1);
  if (!ring) return;
  const item = agentAlerts.handleEvent(event);
  if (item) ring(item);
}

/** The agent's unread counts (decision 003): not a cache, but fed by the same events. */
export const liveAgentAlerts: LiveCapability = {
  on: {
    'session.created': countAndRing,
    'session.updated': countAndRing,
    'message.created': countAndRing,
  },
  roots: [],
};

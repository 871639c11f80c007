import type { QueryClient } from '@tanstack/react-query';
import type { ChatSession } from '../../../../shared/api/chat-sessions';
import type { RealtimeEvent } from '../../../../shared/api/realtime';
import { throttledPerClient, type LiveCapability } from '../../../lib/live-cache';
import { getChatSession } from '../api/get-chat-session';
import { chatSessionKeys } from '../api/keys';
import { AGENT_SESSIONS_KEY } from '../api/list-chat-sessions';
import {
  applyCustomerToCaches,
  applyEventToCaches,
  putSessionFirstInCaches,
} from './session-cache';

/** Bursts of events (a reconnect's replay) refresh the customer's list once. */
export const OWN_LIST_REFRESH_MS = 300;

/**
 * The customer's own conversations carry each one's preview and order as the server sums them
 * up: any news in a chat loads the list again (shown now, or when next shown).
 */
const refreshOwnList = throttledPerClient(OWN_LIST_REFRESH_MS, (queryClient) => {
  void queryClient.invalidateQueries({ queryKey: chatSessionKeys.own() });
});

/**
 * The agents' lists of sessions (new sessions, new messages moving a session to the top with
 * its preview, assignment and status changes, orders waiting on the desk) and every cached
 * session and own list.
 */
function applyToSessions(queryClient: QueryClient, event: RealtimeEvent): void {
  if (event.type === 'session.created' || event.type === 'session.updated') {
    // Only a session someone looks at is kept: an agent hears of every chat.
    const key = chatSessionKeys.detail(event.chatSessionId);
    if (queryClient.getQueryData<ChatSession>(key)) queryClient.setQueryData(key, event.session);
  }
  if (queryClient.getQueryCache().find({ queryKey: chatSessionKeys.own(), exact: false })) {
    refreshOwnList(queryClient);
  }
  const missing = applyEventToCaches(queryClient, event);
  if (missing === undefined) return;
  getChatSession(missing).then(
    (session) => putSessionFirstInCaches(queryClient, session),
    // The next event or resync brings it; a failed fetch here needs no message.
    () => undefined,
  );
}

/** Chat sessions, live: whichever list or conversation is on screen, or was. */
export const liveSessions: LiveCapability = {
  on: {
    'session.created': applyToSessions,
    'session.updated': applyToSessions,
    'message.created': applyToSessions,
    'receipts.updated': applyToSessions,
    'order.created': applyToSessions,
    'order.updated': applyToSessions,
    'transaction.created': applyToSessions,
    'transaction.updated': applyToSessions,
    'customer.updated': (queryClient, event) => applyCustomerToCaches(queryClient, event.customer),
  },
  roots: [[AGENT_SESSIONS_KEY], chatSessionKeys.all],
};

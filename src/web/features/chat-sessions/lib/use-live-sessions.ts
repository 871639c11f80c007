import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { RealtimeEvent } from '../../../../shared/api/realtime';
import { useRealtime, type ConnectionState } from '../../../lib/realtime';
import { getChatSession } from '..';
import { availabilityKeys } from '../../availability';
import { AGENT_SESSIONS_KEY } from '../api/list-chat-sessions';
import { applyEventToCaches, putSessionFirstInCaches } from './session-cache';

/**
 * Keeps every agent list of sessions live over the WebSocket (no polling): new sessions, new
 * messages (the session moves to the top with its new preview), assignment and status changes,
 * and customers' status. After a gap the socket cannot replay, the lists load again.
 */
export function useLiveAgentSessions(): ConnectionState {
  const queryClient = useQueryClient();
  const onEvent = useCallback(
    (event: RealtimeEvent) => {
      // Who is Online, on Break or Offline, and who holds how many chats, changed.
      if (event.type === 'agent.availability' || event.type === 'session.lifecycle') {
        void queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
        if (event.type === 'agent.availability') return;
      }
      const missing = applyEventToCaches(queryClient, event);
      if (missing === undefined) return;
      getChatSession(missing).then(
        (session) => putSessionFirstInCaches(queryClient, session),
        // The next event or resync brings it; a failed fetch here needs no message.
        () => undefined,
      );
    },
    [queryClient],
  );
  const onResync = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: [AGENT_SESSIONS_KEY] });
  }, [queryClient]);
  return useRealtime(onEvent, onResync);
}

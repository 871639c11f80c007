import { queryOptions, useQuery } from '@tanstack/react-query';
import { activeChatCountSchema } from '../../../../shared/api/chat-sessions';
import { apiGet } from '../../../lib/api-client';
import { AGENT_SESSIONS_KEY } from './list-chat-sessions';

/** GET /api/chat-sessions/active/count: the dashboard's Active Chats, a count of them all. */
export const activeCountQuery = queryOptions({
  // Under the agents' session key: a resync that reloads the lists reloads the count too.
  queryKey: [AGENT_SESSIONS_KEY, 'active-count'] as const,
  queryFn: ({ signal }) =>
    apiGet('/api/chat-sessions/active/count', activeChatCountSchema, { signal }),
});

export function useActiveSessionCount() {
  return useQuery(activeCountQuery);
}

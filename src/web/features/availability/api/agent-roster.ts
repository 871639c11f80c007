import { useQuery } from '@tanstack/react-query';
import { agentRosterSchema, type AgentRosterEntry } from '../../../../shared/api/availability';
import { apiGet } from '../../../lib/api-client';
import { availabilityKeys } from './keys';

/** GET /api/availability/agents: every active agent, their availability and open chats. */
export function getAgentRoster(signal?: AbortSignal): Promise<AgentRosterEntry[]> {
  return apiGet('/api/availability/agents', agentRosterSchema, { signal });
}

export function useAgentRoster(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: availabilityKeys.roster(),
    queryFn: ({ signal }) => getAgentRoster(signal),
    enabled: options.enabled ?? true,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { agentListSchema, type Agent } from '../../../../shared/api/agents';
import { apiGet } from '../../../lib/api-client';

/** The spec's agent list polling. */
export const AGENTS_REFETCH_MS = 30_000;

export function getAgents(): Promise<Agent[]> {
  return apiGet('/api/agents/all', agentListSchema);
}

export const agentsQuery = queryOptions({
  queryKey: ['agents', 'all'],
  queryFn: getAgents,
  refetchInterval: AGENTS_REFETCH_MS,
});

/** Every agent and admin, oldest first, refreshed every 30 s. */
export function useAgents() {
  return useQuery(agentsQuery);
}

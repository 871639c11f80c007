import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentSchema, type Agent } from '../../../../shared/api/agents';
import { apiPost } from '../../../lib/api-client';
import { agentsQuery } from './get-agents';

/** POST /api/agents/:id/deactivate or /activate. Deactivating ends the agent's sessions. */
export function setAgentActive({ id, active }: { id: string; active: boolean }): Promise<Agent> {
  const action = active ? 'activate' : 'deactivate';
  return apiPost(`/api/agents/${encodeURIComponent(id)}/${action}`, undefined, agentSchema);
}

export function useSetAgentActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAgentActive,
    onSuccess: (agent) => {
      queryClient.setQueryData(agentsQuery.queryKey, (agents) =>
        agents?.map((a) => (a.id === agent.id ? agent : a)),
      );
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentSchema, type Agent, type CreateAgentRequest } from '../../../../shared/api/agents';
import { apiPost } from '../../../lib/api-client';
import { agentsQuery } from './get-agents';

export function createAgent(body: CreateAgentRequest): Promise<Agent> {
  return apiPost('/api/agents/create', body, agentSchema);
}

export function useCreateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAgent,
    onSuccess: (agent) => {
      queryClient.setQueryData(agentsQuery.queryKey, (agents) => agents && [...agents, agent]);
      void queryClient.invalidateQueries({ queryKey: agentsQuery.queryKey });
    },
  });
}

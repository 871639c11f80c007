import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema, type User } from '../../../../shared/api/auth';
import { apiPost } from '../../../lib/api-client';
import { agentAccess, agentAccessQuery } from './get-agent-access';
import { currentUserQuery } from './get-current-user';

export interface AgentCredentials {
  username: string;
  password: string;
}

export function agentLogin(credentials: AgentCredentials): Promise<User> {
  return apiPost('/api/agent/login', credentials, userSchema);
}

/**
 * POST /api/agent/login. On success nothing cached for an earlier session survives, and the
 * agent's own record is cached, so the agent screens open without asking again.
 */
export function useAgentLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: agentLogin,
    onSuccess: (user) => {
      queryClient.clear();
      queryClient.setQueryData(currentUserQuery.queryKey, user);
      queryClient.setQueryData(agentAccessQuery.queryKey, agentAccess(user));
    },
  });
}

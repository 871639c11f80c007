import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signInStateSchema, type SignInState } from '../../../../shared/api/auth';
import { apiPost } from '../../../lib/api-client';
import { agentAccess, agentAccessQuery } from './get-agent-access';
import { currentUserQuery } from './get-current-user';

export interface AgentCredentials {
  username: string;
  password: string;
}

export function agentLogin(credentials: AgentCredentials): Promise<SignInState> {
  return apiPost('/api/agent/login', credentials, signInStateSchema);
}

/**
 * POST /api/agent/login. On success nothing cached for an earlier session survives; once no
 * sign-in step is left (`next`), the agent's own record is cached, so the agent screens open
 * without asking again.
 */
export function useAgentLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: agentLogin,
    onSuccess: ({ next, ...user }) => {
      queryClient.clear();
      if (next !== null) return;
      queryClient.setQueryData(currentUserQuery.queryKey, user);
      queryClient.setQueryData(agentAccessQuery.queryKey, agentAccess(user));
    },
  });
}

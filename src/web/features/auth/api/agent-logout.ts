import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { okResponseSchema } from '../../../../shared/api/auth';
import { isUnauthorizedError, apiPost } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { toast } from '../../../lib/toast';

export function agentLogout() {
  return apiPost('/api/agent/logout', {}, okResponseSchema);
}

/**
 * The agent's Logout: POST /api/agent/logout, forget everything cached for the session, then
 * the agent login screen. If the server cannot be reached the session may still be alive, so
 * the agent stays and is told.
 */
export function useAgentLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: agentLogout,
    onSuccess: () => {
      queryClient.clear();
      navigate('/agent/login', { replace: true });
    },
    onError: (error) => {
      // Already signed out: the goal is reached.
      if (isUnauthorizedError(error)) {
        queryClient.clear();
        navigate('/agent/login', { replace: true });
        return;
      }
      toast({
        title: 'Logout Failed',
        description: errorText(error, 'Could not reach the server. Please try again.'),
        variant: 'destructive',
      });
    },
  });
  return { logout: () => mutation.mutate(), isPending: mutation.isPending };
}

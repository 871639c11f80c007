import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema, type User } from '../../../../shared/api/auth';
import { apiPost } from '../../../lib/api-client';
import { agentAccess, agentAccessQuery } from './get-agent-access';
import { currentUserQuery } from './get-current-user';

export function initializeAdmin(body: { email: string; secret: string }): Promise<User> {
  return apiPost('/api/admin/initialize', body, userSchema);
}

/** POST /api/admin/initialize: the signed-in Google user becomes the admin (and an agent). */
export function useInitializeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: initializeAdmin,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQuery.queryKey, user);
      queryClient.setQueryData(agentAccessQuery.queryKey, agentAccess(user));
    },
  });
}

import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { userSchema, type User } from '../../../../shared/api/auth';
import { displayName } from '../../../../shared/names';
import { ApiError, apiPatch } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { toast } from '../../../lib/toast';
import { handleUnauthorized, SESSION_EXPIRED_MESSAGE } from '../../../lib/unauthorized';
import { ADMIN_DASHBOARD_KEY } from '../../reports/api/keys';
import { USERS_KEY, type AdminUserPage } from '../../customers/api/list-users';

export const STATUS_UPDATED = 'User status updated successfully';
export const STATUS_UPDATE_FAILED = 'Failed to update user status';

/** PATCH /api/admin/users/:id/agent-status: "Make Agent" / "Remove Agent". */
export function setAgentStatus(options: { userId: string; isAgent: boolean }): Promise<User> {
  return apiPatch(
    `/api/admin/users/${encodeURIComponent(options.userId)}/agent-status`,
    { isAgent: options.isAgent },
    userSchema,
  );
}

/**
 * The server's reason for a refusal it explains (such as "Admins are always agents."); none
 * for a server failure, whose text says nothing useful.
 */
function refusalReason(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status >= 500) return undefined;
  return errorText(error, '') || undefined;
}

/** Make Agent / Remove Agent: the change, the spec's toasts, and the lists and figures it moves. */
export function useSetAgentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAgentStatus,
    onSuccess: (user) => {
      queryClient.setQueriesData<InfiniteData<AdminUserPage>>({ queryKey: USERS_KEY }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((u) =>
                  u.id === user.id ? { ...u, isAgent: user.isAgent, isAdmin: user.isAdmin } : u,
                ),
              })),
            }
          : data,
      );
      // The role filters and the agent and customer counts change with it.
      void queryClient.invalidateQueries({ queryKey: [ADMIN_DASHBOARD_KEY] });
      toast({
        title: STATUS_UPDATED,
        description: user.isAgent
          ? `${displayName(user)} is now an agent.`
          : `${displayName(user)} is now a customer.`,
        variant: 'success',
      });
    },
    onError: (error) => {
      // 401: "Unauthorized" / "Session expired. Please login again.", then /api/login in 500 ms.
      if (handleUnauthorized(error, { description: SESSION_EXPIRED_MESSAGE })) return;
      const reason = refusalReason(error);
      toast({
        title: STATUS_UPDATE_FAILED,
        ...(reason ? { description: reason } : {}),
        variant: 'destructive',
      });
    },
  });
}

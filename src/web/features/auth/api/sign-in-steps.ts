import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountSecuritySchema,
  enrolmentConfirmedSchema,
  enrolmentSchema,
  okResponseSchema,
  signInStateSchema,
  type SignInState,
} from '../../../../shared/api/auth';
import { apiGet, apiPost, apiRequest } from '../../../lib/api-client';
import { agentAccess, agentAccessQuery } from './get-agent-access';
import { currentUserQuery } from './get-current-user';

/** GET /api/agent/sign-in: what the browser's session still owes (null when signed out). */
export const signInStateQuery = queryOptions({
  queryKey: ['auth', 'sign-in-state'],
  queryFn: () => apiGet('/api/agent/sign-in', signInStateSchema, { on401: 'null' }),
  retry: false,
});

export function useSignInState({ enabled }: { enabled: boolean }) {
  return useQuery({ ...signInStateQuery, enabled });
}

/** Once signed in fully, the agent screens open without asking again. */
export function useSignedIn() {
  const queryClient = useQueryClient();
  return (state: SignInState) => {
    if (state.next !== null) return;
    const { next: _next, ...user } = state;
    queryClient.setQueryData(currentUserQuery.queryKey, user);
    queryClient.setQueryData(agentAccessQuery.queryKey, agentAccess(user));
  };
}

export function useSubmitCode() {
  return useMutation({
    mutationFn: (code: string) => apiPost('/api/agent/2fa/code', { code }, signInStateSchema),
  });
}

export function useStartEnrolment() {
  return useMutation({
    mutationFn: () => apiPost('/api/agent/2fa/enrol', {}, enrolmentSchema),
  });
}

export function useConfirmEnrolment() {
  return useMutation({
    mutationFn: (code: string) =>
      apiPost('/api/agent/2fa/enrol/confirm', { code }, enrolmentConfirmedSchema),
  });
}

/** POST /api/agent/password: every other session of the caller ends. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword?: string; newPassword: string }) =>
      apiPost('/api/agent/password', body, signInStateSchema),
  });
}

/** POST /api/agent/password/reset: a reset link's token and the new password. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; newPassword: string }) =>
      apiPost('/api/agent/password/reset', body, okResponseSchema),
  });
}

/** GET /api/agent/security: second factor, signed-in devices, new-device notices. */
export const accountSecurityQuery = queryOptions({
  queryKey: ['auth', 'account-security'],
  queryFn: () => apiGet('/api/agent/security', accountSecuritySchema),
});

export function useAccountSecurity() {
  return useQuery(accountSecurityQuery);
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/agent/sessions/${encodeURIComponent(id)}`, okResponseSchema, {
        method: 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSecurityQuery.queryKey }),
  });
}

export function useDismissNewDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost('/api/agent/security/new-devices/dismiss', {}, okResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSecurityQuery.queryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  agentSchema,
  endedSessionsSchema,
  resetLinkSchema,
  type Agent,
} from '../../../../shared/api/agents';
import { apiPost, apiRequest } from '../../../lib/api-client';
import { agentsQuery } from './get-agents';

const agentUrl = (id: string, action: string) => `/api/agents/${encodeURIComponent(id)}/${action}`;

function useUpdatesAgent<V>(mutationFn: (variables: V) => Promise<Agent>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (agent) =>
      queryClient.setQueryData(agentsQuery.queryKey, (agents) =>
        agents?.map((a) => (a.id === agent.id ? agent : a)),
      ),
  });
}

/** POST /api/agents/:id/admin: make an admin or remove it (never the last active one). */
export function useSetAdmin() {
  return useUpdatesAgent(({ id, isAdmin }: { id: string; isAdmin: boolean }) =>
    apiPost(agentUrl(id, 'admin'), { isAdmin }, agentSchema),
  );
}

/** POST /api/agents/:id/2fa/reset: they enrol again; their sessions end. */
export function useResetSecondFactor() {
  return useUpdatesAgent(({ id, recoveryCode }: { id: string; recoveryCode?: string }) =>
    apiPost(agentUrl(id, '2fa/reset'), recoveryCode ? { recoveryCode } : {}, agentSchema),
  );
}

/** POST /api/agents/:id/reset-link: a one-time link, shown once. */
export function useIssueResetLink() {
  return useMutation({
    mutationFn: (id: string) => apiPost(agentUrl(id, 'reset-link'), {}, resetLinkSchema),
  });
}

/** DELETE /api/agents/:id/sessions */
export function useEndMemberSessions() {
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(agentUrl(id, 'sessions'), endedSessionsSchema, { method: 'DELETE' }),
  });
}

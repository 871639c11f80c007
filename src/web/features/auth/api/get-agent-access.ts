import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSchema, type User } from '../../../../shared/api/auth';
import { ApiError, apiGet } from '../../../lib/api-client';

/** The server's answer to a session midway through signing in (platform/auth.ts). */
export const FINISH_SIGNING_IN = 'Finish signing in first.';

export type AgentAccess =
  | { state: 'agent'; user: User }
  /** No session, or it ended (signed out, expired, account deactivated). */
  | { state: 'signed-out' }
  /** Signed in, but as a customer. */
  | { state: 'not-agent' };

export function agentAccess(user: User): AgentAccess {
  return { state: 'agent', user };
}

/** Whether the browser's session belongs to an active agent (or admin), asked of the server. */
export async function getAgentAccess(): Promise<AgentAccess> {
  try {
    const user = await apiGet('/api/agent/user', userSchema, { on401: 'null' });
    return user ? agentAccess(user) : { state: 'signed-out' };
  } catch (error) {
    // A staff sign-in that still owes a step (the code, enrolment): the login page resumes it.
    if (
      error instanceof ApiError &&
      error.status === 403 &&
      error.message === `403: ${FINISH_SIGNING_IN}`
    )
      return { state: 'signed-out' };
    if (error instanceof ApiError && error.status === 403) return { state: 'not-agent' };
    throw error;
  }
}

export const agentAccessQuery = queryOptions({
  queryKey: ['auth', 'agent-access'],
  queryFn: getAgentAccess,
});

export function useAgentAccess() {
  return useQuery(agentAccessQuery);
}

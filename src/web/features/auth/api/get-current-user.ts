import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSchema, type User } from '../../../../shared/api/auth';
import { apiGet } from '../../../lib/api-client';

/** The signed-in user (customer, agent or admin), or null when signed out. */
export function getCurrentUser(): Promise<User | null> {
  return apiGet('/api/auth/user', userSchema, { on401: 'null' });
}

export const currentUserQuery = queryOptions({
  queryKey: ['auth', 'user'],
  queryFn: getCurrentUser,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminUserPageSchema, type ADMIN_USER_ROLES } from '../../../../shared/api/customers';
import { apiGet } from '../../../lib/api-client';
// Under the admin dashboard's key: the dashboard refreshes every list of its own at once.
import { ADMIN_DASHBOARD_KEY } from '../../reports/api/keys';

export type UserRoleFilter = (typeof ADMIN_USER_ROLES)[number];
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

/** Rows per page of the admins' users list. */
const PAGE_SIZE = 25;

export const USERS_KEY = [ADMIN_DASHBOARD_KEY, 'users'] as const;

/** GET /api/admin/users: every user with their session and transaction counts, newest first. */
export function listUsers(options: {
  role: UserRoleFilter;
  q: string;
  cursor: string | undefined;
  signal?: AbortSignal;
}): Promise<AdminUserPage> {
  const params = new URLSearchParams({ role: options.role, limit: String(PAGE_SIZE) });
  if (options.q) params.set('q', options.q);
  if (options.cursor) params.set('cursor', options.cursor);
  return apiGet(`/api/admin/users?${params}`, adminUserPageSchema, { signal: options.signal });
}

export function usersQuery(role: UserRoleFilter, q: string) {
  return infiniteQueryOptions({
    queryKey: [...USERS_KEY, role, q] as const,
    queryFn: ({ pageParam, signal }) => listUsers({ role, q, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useUsers(role: UserRoleFilter, q: string) {
  return useInfiniteQuery(usersQuery(role, q));
}

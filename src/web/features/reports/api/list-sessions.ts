import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  adminSessionPageSchema,
  type adminSessionsQuerySchema,
} from '../../../../shared/api/reports';
import { apiGet } from '../../../lib/api-client';
import { ADMIN_DASHBOARD_KEY, PAGE_SIZE } from './keys';

export type SessionFilter = z.output<typeof adminSessionsQuerySchema>['filter'];
export type AdminSessionPage = z.infer<typeof adminSessionPageSchema>;

/** GET /api/admin/chat-sessions: every chat session, newest first. */
export function listSessions(options: {
  filter: SessionFilter;
  q: string;
  cursor: string | undefined;
  signal?: AbortSignal;
}): Promise<AdminSessionPage> {
  const params = new URLSearchParams({ filter: options.filter, limit: String(PAGE_SIZE) });
  if (options.q) params.set('q', options.q);
  if (options.cursor) params.set('cursor', options.cursor);
  return apiGet(`/api/admin/chat-sessions?${params}`, adminSessionPageSchema, {
    signal: options.signal,
  });
}

export function sessionsQuery(filter: SessionFilter, q: string) {
  return infiniteQueryOptions({
    queryKey: [ADMIN_DASHBOARD_KEY, 'sessions', filter, q] as const,
    queryFn: ({ pageParam, signal }) => listSessions({ filter, q, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useSessions(filter: SessionFilter, q: string) {
  return useInfiniteQuery(sessionsQuery(filter, q));
}

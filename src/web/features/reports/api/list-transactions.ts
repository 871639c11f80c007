import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminTransactionPageSchema } from '../../../../shared/api/reports';
import type { TransactionStatus } from '../../../../shared/domain';
import { apiGet } from '../../../lib/api-client';
import { ADMIN_DASHBOARD_KEY, PAGE_SIZE } from './keys';

export type TransactionStatusFilter = TransactionStatus | 'all';
export type AdminTransactionPage = z.infer<typeof adminTransactionPageSchema>;
export type AdminTransaction = AdminTransactionPage['items'][number];

/** GET /api/admin/transactions: every transaction, newest first. */
export function listTransactions(options: {
  status: TransactionStatusFilter;
  q: string;
  cursor: string | undefined;
  signal?: AbortSignal;
}): Promise<AdminTransactionPage> {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (options.status !== 'all') params.set('status', options.status);
  if (options.q) params.set('q', options.q);
  if (options.cursor) params.set('cursor', options.cursor);
  return apiGet(`/api/admin/transactions?${params}`, adminTransactionPageSchema, {
    signal: options.signal,
  });
}

export function transactionsQuery(status: TransactionStatusFilter, q: string) {
  return infiniteQueryOptions({
    queryKey: [ADMIN_DASHBOARD_KEY, 'transactions', status, q] as const,
    queryFn: ({ pageParam, signal }) => listTransactions({ status, q, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useTransactions(status: TransactionStatusFilter, q: string) {
  return useInfiniteQuery(transactionsQuery(status, q));
}

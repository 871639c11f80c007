import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { transactionPageSchema } from '../../../../shared/api/transactions';
import { apiGet } from '../../../lib/api-client';
import { transactionKeys } from './transaction-keys';

export const HISTORY_PAGE_SIZE = 20;

/**
 * GET /api/transactions/customer: a customer's trading history, newest first, a page at a
 * time. Customers always get their own; agents pass the customer whose history they open.
 */
export function listCustomerTransactions(
  customerId: string,
  cursor: string | null,
  signal?: AbortSignal,
) {
  const params = new URLSearchParams({ limit: String(HISTORY_PAGE_SIZE) });
  // A customer's own id is what the server uses for them anyway.
  params.set('customerId', customerId);
  if (cursor) params.set('cursor', cursor);
  return apiGet(`/api/transactions/customer?${params}`, transactionPageSchema, { signal });
}

export function customerTransactionsQuery(customerId: string) {
  return infiniteQueryOptions({
    queryKey: transactionKeys.customer(customerId),
    queryFn: ({ pageParam, signal }) => listCustomerTransactions(customerId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useCustomerTransactions(customerId: string, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...customerTransactionsQuery(customerId), enabled: options.enabled });
}

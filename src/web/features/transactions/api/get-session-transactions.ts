import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { transactionSchema, type Transaction } from '../../../../shared/api/transactions';
import { apiGet } from '../../../lib/api-client';
import { transactionKeys } from './transaction-keys';

const listSchema = z.array(transactionSchema);

/** GET /api/chat-sessions/:id/transactions: a chat's transactions, newest first. */
export function getSessionTransactions(
  chatSessionId: number,
  signal?: AbortSignal,
): Promise<Transaction[]> {
  return apiGet(`/api/chat-sessions/${chatSessionId}/transactions`, listSchema, { signal });
}

export function sessionTransactionsQuery(chatSessionId: number) {
  return queryOptions({
    queryKey: transactionKeys.session(chatSessionId),
    queryFn: ({ signal }) => getSessionTransactions(chatSessionId, signal),
  });
}

export function useSessionTransactions(chatSessionId: number) {
  return useQuery(sessionTransactionsQuery(chatSessionId));
}

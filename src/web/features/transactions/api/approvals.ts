import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { transactionSchema, type Transaction } from '../../../../shared/api/transactions';
import { apiGet, apiPost } from '../../../lib/api-client';
import { upsertTransaction } from '../lib/transaction-cache';
import { transactionKeys } from './transaction-keys';

const listSchema = z.array(transactionSchema);

/** GET /api/transactions/approvals (admin): every transaction waiting, oldest first. */
export function getApprovals(signal?: AbortSignal): Promise<Transaction[]> {
  return apiGet('/api/transactions/approvals', listSchema, { signal });
}

export const approvalsQuery = queryOptions({
  queryKey: transactionKeys.approvals,
  queryFn: ({ signal }) => getApprovals(signal),
});

export function useApprovals(enabled = true) {
  return useQuery({ ...approvalsQuery, enabled });
}

export type Decision =
  { id: number; approve: true } | { id: number; approve: false; reason: string };

/** POST /api/transactions/:id/approve or /reject: an admin other than the creator (403 else). */
export function decideTransaction(decision: Decision): Promise<Transaction> {
  return decision.approve
    ? apiPost(`/api/transactions/${decision.id}/approve`, undefined, transactionSchema)
    : apiPost(
        `/api/transactions/${decision.id}/reject`,
        { reason: decision.reason },
        transactionSchema,
      );
}

export function useDecideTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideTransaction,
    onSuccess: (transaction) => upsertTransaction(queryClient, transaction),
  });
}

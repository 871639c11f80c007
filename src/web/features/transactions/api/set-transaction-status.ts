import { useMutation, useQueryClient } from '@tanstack/react-query';
import { transactionSchema, type Transaction } from '../../../../shared/api/transactions';
import { apiPatch } from '../../../lib/api-client';
import { upsertTransaction } from '../lib/transaction-cache';

export type FinalStatus = 'completed' | 'failed';

/** PATCH /api/transactions/:id/status: pending to completed or failed, once (409 after). */
export function setTransactionStatus(id: number, status: FinalStatus): Promise<Transaction> {
  return apiPatch(`/api/transactions/${id}/status`, { status }, transactionSchema);
}

export function useSetTransactionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: FinalStatus }) =>
      setTransactionStatus(id, status),
    onSuccess: (transaction) => upsertTransaction(queryClient, transaction),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  transactionSchema,
  type CreateTransactionRequest,
  type Transaction,
} from '../../../../shared/api/transactions';
import { apiPost } from '../../../lib/api-client';
import { upsertTransaction } from '../lib/transaction-cache';

/**
 * POST /api/transactions with the form's Idempotency-Key: a double click, a retry after a
 * lost answer or a resend all get the first result, never a second transaction.
 */
export function createTransaction(
  body: CreateTransactionRequest,
  idempotencyKey: string,
): Promise<Transaction> {
  return apiPost('/api/transactions', body, transactionSchema, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCreateTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      body,
      idempotencyKey,
    }: {
      body: CreateTransactionRequest;
      idempotencyKey: string;
    }) => createTransaction(body, idempotencyKey),
    onSuccess: (transaction) => upsertTransaction(queryClient, transaction),
  });
}

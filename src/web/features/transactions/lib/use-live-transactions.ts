import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeEvent } from '../../../../shared/api/realtime';
import type { ConnectionState } from '../../../lib/realtime';
import { useLiveCache } from '../../../lib/use-live-cache';
import { transactionKeys } from '../api/transaction-keys';
import { upsertTransaction } from './transaction-cache';

const TRANSACTION_EVENTS = ['transaction.created', 'transaction.updated'] as const;

const applyTransactionEvent = (
  queryClient: QueryClient,
  event: Extract<RealtimeEvent, { type: (typeof TRANSACTION_EVENTS)[number] }>,
) => upsertTransaction(queryClient, event.transaction);

/**
 * Keeps every transaction list on screen live: 'transaction.created' and 'transaction.updated'
 * events (they reach the chat's customer and agents) go into the caches; after a gap, the lists
 * are fetched again.
 */
export function useLiveTransactions(): ConnectionState {
  return useLiveCache(TRANSACTION_EVENTS, applyTransactionEvent, transactionKeys.all);
}

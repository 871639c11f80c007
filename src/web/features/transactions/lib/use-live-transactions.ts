import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { RealtimeEvent } from '../../../../shared/api/realtime';
import { useRealtime, type ConnectionState } from '../../../lib/realtime';
import { transactionKeys } from '../api/transaction-keys';
import { upsertTransaction } from './transaction-cache';

/**
 * Keeps every transaction list on screen live: 'transaction.created' and 'transaction.updated'
 * events (they reach the chat's customer and agents) go into the caches; after a gap the
 * client cannot replay, the lists are fetched again.
 */
export function useLiveTransactions(): ConnectionState {
  const queryClient = useQueryClient();
  const onEvent = useCallback(
    (event: RealtimeEvent) => {
      if (event.type === 'transaction.created' || event.type === 'transaction.updated') {
        upsertTransaction(queryClient, event.transaction);
      }
    },
    [queryClient],
  );
  const onResync = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: transactionKeys.all });
  }, [queryClient]);
  return useRealtime(onEvent, onResync);
}

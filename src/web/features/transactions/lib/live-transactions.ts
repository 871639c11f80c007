import type { LiveCapability } from '../../../lib/live-cache';
import { transactionKeys } from '../api/transaction-keys';
import { upsertTransaction } from './transaction-cache';

/**
 * Transactions, live: 'transaction.created' and 'transaction.updated' (they reach the chat's
 * customer and agents) go into every cached list of transactions, shown or not.
 */
export const liveTransactions: LiveCapability = {
  on: {
    'transaction.created': (queryClient, event) =>
      upsertTransaction(queryClient, event.transaction),
    'transaction.updated': (queryClient, event) =>
      upsertTransaction(queryClient, event.transaction),
  },
  roots: [transactionKeys.all],
};

import { useMemo } from 'react';
import type { Transaction } from '../../../../shared/api/transactions';
import { useCustomerTransactions } from './list-customer-transactions';

/**
 * Each chat's newest settled trade, from the customer's history (its first page, kept live by
 * the transaction events wherever it is shown): what the customer's chat list shows on each chat's card.
 */
export function useLatestSettledTrades(customerId: string | undefined): Map<number, Transaction> {
  const history = useCustomerTransactions(customerId ?? '', { enabled: Boolean(customerId) });
  return useMemo(() => {
    const latest = new Map<number, Transaction>();
    for (const page of history.data?.pages ?? []) {
      for (const t of page.items) {
        if (t.type !== 'trade' || t.status === 'pending' || latest.has(t.chatSessionId)) continue;
        latest.set(t.chatSessionId, t);
      }
    }
    return latest;
  }, [history.data]);
}

import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Transaction } from '../../../../shared/api/transactions';
import { transactionKeys } from '../api/transaction-keys';

type Page = { items: Transaction[]; nextCursor: string | null };

/** A list, newest first, with `transaction` replaced where it is or added in its place. */
export function upsertInList(
  list: readonly Transaction[],
  transaction: Transaction,
): Transaction[] {
  if (list.some((t) => t.id === transaction.id)) {
    return list.map((t) => (t.id === transaction.id ? transaction : t));
  }
  return [...list, transaction].sort((a, b) => b.id - a.id);
}

/**
 * The same in a paged history: replaced in whatever page holds it; a new one goes on the
 * first page when it is newer than what that page starts with (an older one not loaded yet
 * arrives with its page).
 */
export function upsertInPages(
  data: InfiniteData<Page, string | null>,
  transaction: Transaction,
): InfiniteData<Page, string | null> {
  const found = data.pages.some((p) => p.items.some((t) => t.id === transaction.id));
  if (found) {
    return {
      ...data,
      pages: data.pages.map((p) => ({
        ...p,
        items: p.items.map((t) => (t.id === transaction.id ? transaction : t)),
      })),
    };
  }
  const [first, ...rest] = data.pages;
  if (!first) return data;
  const newest = first.items[0];
  if (newest && newest.id > transaction.id) return data;
  return { ...data, pages: [{ ...first, items: [transaction, ...first.items] }, ...rest] };
}

/** The Approvals list, oldest first: a transaction waiting is in it, any other is not. */
export function placeInApprovals(
  list: readonly Transaction[],
  transaction: Transaction,
): Transaction[] {
  const others = list.filter((t) => t.id !== transaction.id);
  if (transaction.status !== 'pending_approval') return others;
  return [...others, transaction].sort((a, b) => a.id - b.id);
}

/**
 * A created or changed transaction, into every list that shows it (its chat, its customer,
 * the admins' Approvals).
 */
export function upsertTransaction(queryClient: QueryClient, transaction: Transaction): void {
  queryClient.setQueryData<Transaction[]>(
    transactionKeys.session(transaction.chatSessionId),
    (list) => (list ? upsertInList(list, transaction) : list),
  );
  queryClient.setQueryData<InfiniteData<Page, string | null>>(
    transactionKeys.customer(transaction.customerId),
    (data) => (data ? upsertInPages(data, transaction) : data),
  );
  queryClient.setQueryData<Transaction[]>(transactionKeys.approvals, (list) =>
    list ? placeInApprovals(list, transaction) : list,
  );
}

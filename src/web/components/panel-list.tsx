import type { ReactNode } from 'react';

/**
 * A short list in a side panel (the agents' inbox customer panel): loading, a failure with a
 * retry, an empty sentence, or the items.
 */
export function PanelList<T>({
  label,
  query,
  empty,
  item,
}: {
  /** The list's accessible name ("Chats of Ada Obi"). */
  label: string;
  /** The list's query: how it stands, its items once loaded, and a retry. */
  query: { status: 'pending' | 'error' | 'success'; data?: readonly T[]; refetch: () => unknown };
  /** What an empty list says ("No orders yet"). */
  empty: string;
  /** An item's `li`, with its key. */
  item: (item: T) => ReactNode;
}) {
  if (query.status === 'pending') {
    return (
      <p role="status" className="py-2 text-sm text-ink-muted">
        Loading...
      </p>
    );
  }
  if (query.status === 'error') {
    return (
      <p role="alert" className="flex items-center gap-2 py-2 text-sm text-down">
        Failed to load.
        <button
          type="button"
          onClick={() => void query.refetch()}
          className="min-h-11 rounded-lg px-2 font-semibold text-brand-800 underline"
        >
          Try again
        </button>
      </p>
    );
  }
  const items = query.data ?? [];
  if (items.length === 0) return <p className="py-2 text-sm text-ink-muted">{empty}</p>;
  return (
    <ul aria-label={label} className="flex flex-col">
      {items.map(item)}
    </ul>
  );
}

import type { ReactNode } from 'react';

/**
 * A short list in a side panel (the agents' desk customer panel): loading, a failure with a
 * retry, an empty sentence, or the items.
 */
export function PanelList({
  label,
  status,
  empty,
  onRetry,
  count,
  children,
}: {
  /** The list's accessible name ("Chats of Ada Obi"). */
  label: string;
  status: 'pending' | 'error' | 'success';
  /** What an empty list says ("No orders yet"). */
  empty: string;
  onRetry: () => void;
  count: number;
  children: ReactNode;
}) {
  if (status === 'pending') {
    return (
      <p role="status" className="py-2 text-sm text-ink-muted">
        Loading...
      </p>
    );
  }
  if (status === 'error') {
    return (
      <p role="alert" className="flex items-center gap-2 py-2 text-sm text-down">
        Failed to load.
        <button
          type="button"
          onClick={onRetry}
          className="min-h-11 rounded-lg px-2 font-semibold text-brand-800 underline"
        >
          Try again
        </button>
      </p>
    );
  }
  if (count === 0) return <p className="py-2 text-sm text-ink-muted">{empty}</p>;
  return (
    <ul aria-label={label} className="flex flex-col">
      {children}
    </ul>
  );
}

import { Archive, Lock } from 'lucide-react';
import type { ChatListFilter } from '../../../features/chat-sessions';
import { cn } from '../../../lib/cn';

const FOLDERS = [
  {
    filter: 'locked',
    icon: Lock,
    label: 'Locked chats',
    hint: "Another agent's: read-only for you",
  },
  { filter: 'archived', icon: Archive, label: 'Archived', hint: 'Resolved chats' },
] as const satisfies readonly {
  filter: ChatListFilter;
  icon: unknown;
  label: string;
  hint: string;
}[];

/**
 * The spec's "Locked chats" and "Archived" entries, as the list's other two filters: chats
 * assigned to another agent, and resolved chats. Choosing the open one again goes back to All.
 */
export function FolderEntries({
  filter,
  onChange,
}: {
  filter: ChatListFilter;
  onChange: (filter: ChatListFilter) => void;
}) {
  return (
    <ul className="mt-2 flex flex-col border-b border-line pb-2">
      {FOLDERS.map(({ filter: folder, icon: Icon, label, hint }) => {
        const open = filter === folder;
        return (
          <li key={folder}>
            <button
              type="button"
              aria-pressed={open}
              onClick={() => onChange(open ? 'all' : folder)}
              className={cn(
                'flex min-h-11 w-full items-center gap-4 px-4 text-left text-sm font-medium text-ink-muted hover:bg-brand-50/60 sm:px-5',
                open && 'bg-brand-50 text-brand-800',
              )}
            >
              <Icon aria-hidden className="size-5 shrink-0 text-brand-700" />
              <span className="flex-1">{label}</span>
              <span className="text-xs font-normal max-sm:hidden">{hint}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

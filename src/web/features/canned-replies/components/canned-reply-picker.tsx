import { useMemo, useState, type KeyboardEvent } from 'react';
import type { CannedReply } from '../../../../shared/api/canned-replies';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { MY_REPLIES_PATH } from './canned-replies-section';

/** The replies whose shortcut or text holds the query (shortcut matches first). */
export function matchReplies(replies: readonly CannedReply[], query: string): CannedReply[] {
  const q = query.toLowerCase();
  const byShortcut = replies.filter((r) => r.shortcut.includes(q));
  const byText = replies.filter(
    (r) => !r.shortcut.includes(q) && r.content.toLowerCase().includes(q),
  );
  return [...byShortcut, ...byText];
}

export interface CannedReplyPickerState {
  open: boolean;
  matches: CannedReply[];
  active: number;
  /** Handles a key of the reply box while open: the text to put there, or whether it was used. */
  onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): { used: boolean; insert?: string };
  pick(reply: CannedReply): string;
}

/**
 * The `/` picker's state for a reply box holding `text`: open while the text is `/` and a
 * search word; arrows move, Enter (or Tab) inserts the reply filled by `fill`, Esc closes it.
 */
export function useCannedReplyPicker(
  text: string,
  replies: readonly CannedReply[] | undefined,
  fill: (content: string) => string,
): CannedReplyPickerState {
  const search = replies ? /^\/(\S*)$/.exec(text) : null;
  const query = search?.[1] ?? '';
  // Esc closes it for this text; typing on opens it again.
  const [dismissedAt, setDismissedAt] = useState<string | null>(null);
  // The highlighted row, for the query it was chosen in (a new query starts at the top).
  const [choice, setChoice] = useState({ query: '', index: 0 });
  const active = choice.query === query ? choice.index : 0;
  const setActive = (next: (i: number) => number) => setChoice({ query, index: next(active) });
  const matches = useMemo(() => (replies ? matchReplies(replies, query) : []), [replies, query]);
  const open = search !== null && dismissedAt !== text;
  const pick = (reply: CannedReply) => fill(reply.content);
  return {
    open,
    matches,
    active,
    pick,
    onKeyDown(event) {
      if (!open) return { used: false };
      switch (event.key) {
        case 'ArrowDown':
          setActive((i) => (matches.length === 0 ? 0 : (i + 1) % matches.length));
          return { used: true };
        case 'ArrowUp':
          setActive((i) => (matches.length === 0 ? 0 : (i - 1 + matches.length) % matches.length));
          return { used: true };
        case 'Escape':
          setDismissedAt(text);
          return { used: true };
        case 'Enter':
        case 'Tab': {
          const reply = matches[active];
          if (!reply) return { used: event.key === 'Enter' };
          return { used: true, insert: pick(reply) };
        }
        default:
          return { used: false };
      }
    },
  };
}

export const PICKER_ID = 'canned-reply-picker';

/**
 * The picker's list, above the reply box: shortcut, team or mine, and the text; and a link to
 * where the agent manages their own.
 */
export function CannedReplyPicker({
  state,
  onPick,
}: {
  state: CannedReplyPickerState;
  onPick: (text: string) => void;
}) {
  if (!state.open) return null;
  return (
    <div className="mb-2 overflow-hidden rounded-xl border border-line bg-surface shadow-lg">
      <div className="flex flex-wrap items-center justify-between gap-x-3 border-b border-line px-3 text-xs">
        <p className="py-1.5 text-ink-muted">
          Canned replies: ↑ ↓ to choose, Enter to insert, Esc to close
        </p>
        {/* The agent's own replies are written on the agent dashboard. */}
        <Link
          to={MY_REPLIES_PATH}
          // A touch target: 44 px tall (min-h-11), however small its text.
          className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline-offset-2 hover:underline"
        >
          Manage my replies
        </Link>
      </div>
      {state.matches.length === 0 ? (
        <p className="px-3 py-2 text-sm text-ink-muted">No canned reply matches.</p>
      ) : (
        <ul
          id={PICKER_ID}
          role="listbox"
          aria-label="Canned replies"
          className="max-h-56 overflow-y-auto py-1"
        >
          {state.matches.map((reply, i) => (
            <li
              key={reply.id}
              id={`${PICKER_ID}-${reply.id}`}
              role="option"
              aria-selected={i === state.active}
              // Keeps the focus in the reply box.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => onPick(state.pick(reply))}
              className={cn(
                'cursor-pointer px-3 py-1.5 text-sm',
                i === state.active ? 'bg-brand-50' : 'hover:bg-canvas',
              )}
            >
              <span className="font-semibold text-ink">/{reply.shortcut}</span>{' '}
              <span className="text-xs text-ink-muted">
                {reply.scope === 'team' ? 'Team' : 'Mine'}
              </span>
              <span className="block truncate text-ink-muted">{reply.content}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

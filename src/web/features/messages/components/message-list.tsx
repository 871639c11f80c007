import { ChevronDown } from 'lucide-react';
import {
  Fragment,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { dayKey, formatDaySeparator } from '../chat-date';
import { MessageBubble, type ChatItem } from './message-bubble';

/** A faint dot grid behind the bubbles, as messaging apps have. */
const WALLPAPER = {
  backgroundImage: 'radial-gradient(rgb(17 99 82 / 0.09) 1px, transparent 1.2px)',
  backgroundSize: '20px 20px',
} as const;

/** Within this many pixels of the end counts as "at the latest message". */
const NEAR_BOTTOM_PX = 96;

/**
 * The day's chip, in the flow of the messages. It was sticky, and then sat on the topmost
 * message's text (on a phone the whole width is bubbles; on a desktop a long one too).
 */
function DaySeparator({ date }: { date: string }) {
  return (
    <li data-testid="day-separator" className="mt-4 mb-1 flex justify-center first:mt-0">
      <span className="rounded-lg bg-surface/95 px-3 py-1 text-xs font-medium text-ink-muted shadow-sm ring-1 ring-black/5 backdrop-blur">
        {formatDaySeparator(date)}
      </span>
    </li>
  );
}

/**
 * The conversation's messages, oldest first, with a separator per day. It follows new
 * messages while the viewer is at the end (and always after they send), and otherwise
 * offers a button back to the latest.
 */
export function MessageList({
  items,
  loading,
  empty,
  onRetry,
  onDiscard,
}: {
  items: readonly ChatItem[];
  loading: boolean;
  /** Shown when the conversation has no messages yet. */
  empty: ReactNode;
  onRetry: (clientMessageId: string) => void;
  onDiscard: (clientMessageId: string) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [awayFromEnd, setAwayFromEnd] = useState(false);

  const scrollToEnd = useCallback(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    const near = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    atBottom.current = near;
    setAwayFromEnd(!near);
  };

  const last = items.at(-1);
  // Also when the viewer's last message fails: the reason under it must be in view.
  useLayoutEffect(() => {
    if (atBottom.current || last?.own) scrollToEnd();
  }, [items.length, last?.key, last?.own, last?.state, scrollToEnd]);

  // The keyboard opening on a phone shrinks the list: keep the latest message in view.
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) scrollToEnd();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [scrollToEnd]);

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scroller}
        onScroll={onScroll}
        // Images arriving change the height: stay at the end if that is where the viewer was.
        onLoadCapture={() => {
          if (atBottom.current) scrollToEnd();
        }}
        className="h-full overflow-y-auto overscroll-contain bg-[#ecf2ef]"
        style={WALLPAPER}
      >
        <div className="mx-auto flex min-h-full max-w-3xl flex-col justify-end px-3 py-4 sm:px-6">
          {loading ? (
            <div aria-hidden className="flex flex-col gap-3">
              <span className="h-10 w-48 animate-pulse rounded-2xl bg-surface/80" />
              <span className="h-10 w-40 animate-pulse self-end rounded-2xl bg-brand-100/80" />
              <span className="h-14 w-56 animate-pulse rounded-2xl bg-surface/80" />
            </div>
          ) : items.length === 0 ? (
            empty
          ) : (
            <ol aria-label="Messages" className="flex flex-col">
              {items.map((item, index) => {
                const previous = items[index - 1];
                const newDay = !previous || dayKey(previous.createdAt) !== dayKey(item.createdAt);
                return (
                  <Fragment key={item.key}>
                    {newDay && <DaySeparator date={item.createdAt} />}
                    <MessageBubble
                      item={item}
                      grouped={!newDay && previous?.own === item.own}
                      onRetry={onRetry}
                      onDiscard={onDiscard}
                    />
                  </Fragment>
                );
              })}
            </ol>
          )}
        </div>
      </div>
      {awayFromEnd && (
        <button
          type="button"
          onClick={scrollToEnd}
          aria-label="Jump to the latest message"
          className="absolute right-4 bottom-4 inline-flex size-11 items-center justify-center rounded-full bg-surface text-brand-800 shadow-card ring-1 ring-black/5 hover:bg-brand-50"
        >
          <ChevronDown aria-hidden className="size-5" />
        </button>
      )}
    </div>
  );
}

import { cn } from '../../../lib/cn';
import { useUnreadCount } from '../use-agent-alerts';

/** How many items in this chat the agent has not seen; nothing when none. */
export function UnreadBadge({ sessionId, className }: { sessionId: number; className?: string }) {
  const count = useUnreadCount(sessionId);
  if (count === 0) return null;
  return (
    <span
      data-testid="unread-count"
      className={cn(
        'inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs leading-none font-bold text-white tabular-nums',
        className,
      )}
    >
      {count > 99 ? '99+' : count}
      <span className="sr-only"> unread</span>
    </span>
  );
}

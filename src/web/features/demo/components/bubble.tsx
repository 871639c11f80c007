import { format } from 'date-fns';
import { cn } from '../../../lib/cn';

/** One message: `own` ones on the right in the brand colour, the other side's on the left. */
export function Bubble({
  content,
  createdAt,
  side,
}: {
  content: string;
  createdAt: string;
  side: 'left' | 'right';
}) {
  return (
    <li
      data-testid="bubble"
      data-side={side}
      className={cn('flex', side === 'right' ? 'justify-end' : 'justify-start')}
    >
      <div
        className={cn(
          'max-w-[80%] rounded-2xl px-3.5 py-2 shadow-sm sm:max-w-[65%]',
          side === 'right'
            ? 'rounded-br-md bg-brand-700 text-white'
            : 'rounded-bl-md bg-surface text-ink ring-1 ring-black/5',
        )}
      >
        <p className="text-[15px] leading-snug break-words whitespace-pre-wrap">{content}</p>
        <p
          className={cn(
            'mt-1 text-right text-[11px] tabular-nums',
            side === 'right' ? 'text-white/75' : 'text-ink-muted',
          )}
        >
          {format(new Date(createdAt), 'HH:mm')}
        </p>
      </div>
    </li>
  );
}

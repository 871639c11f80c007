import { MESSAGE_MAX_LENGTH } from '../../../../shared/api/messages';
import { cn } from '../../../lib/cn';

/** From this length on, the box counts the characters against MESSAGE_MAX_LENGTH. */
export const COUNTER_FROM = 3500;

const count = new Intl.NumberFormat('en-NG');

/**
 * Near the limit: "3,612 / 4,000". Over it: why the message cannot go, so nothing is ever cut
 * silently (a pasted text stays whole; the customer shortens it).
 */
export function LengthCounter({ length, className }: { length: number; className?: string }) {
  if (length < COUNTER_FROM) return null;
  const over = length - MESSAGE_MAX_LENGTH;
  return (
    <p
      data-testid="length-counter"
      aria-live="polite"
      className={cn(
        'pt-1 text-right text-xs tabular-nums',
        className,
        over > 0 ? 'font-semibold text-down' : 'text-ink-muted',
      )}
    >
      {over > 0 && (
        <span>
          Too long to send: at most {count.format(MESSAGE_MAX_LENGTH)} characters. Remove{' '}
          {count.format(over)}.{' '}
        </span>
      )}
      {count.format(length)} / {count.format(MESSAGE_MAX_LENGTH)}
    </p>
  );
}

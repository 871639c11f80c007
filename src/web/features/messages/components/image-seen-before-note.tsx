import { History } from 'lucide-react';
import { Link } from 'react-router';
import type { ImageSeenBefore } from '../../../../shared/api/messages';
import { formatDateTime } from '../../../lib/format';

/**
 * Under an image an agent sees: the same picture (or very nearly) was sent earlier, in another
 * customer's chat or before this chat's order. Customers never get the data it shows.
 */
export function ImageSeenBeforeNote({ seen }: { seen: ImageSeenBefore }) {
  return (
    <p
      data-testid="image-seen-before"
      className="mt-1 flex max-w-[85%] items-start gap-1.5 rounded-lg bg-amber-50 px-2 py-1 text-xs font-medium text-amber-900 ring-1 ring-amber-600/30 sm:max-w-[70%]"
    >
      <History aria-hidden className="mt-px size-3.5 shrink-0" />
      <span>
        This image was seen before in{' '}
        <Link to={`/chat/${seen.chatSessionId}`} className="underline underline-offset-2">
          chat #{seen.chatSessionId}
        </Link>{' '}
        on <time dateTime={seen.seenAt}>{formatDateTime(seen.seenAt)}</time>
      </span>
    </p>
  );
}

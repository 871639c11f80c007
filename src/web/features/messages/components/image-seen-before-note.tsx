import { History } from 'lucide-react';
import { Link } from 'react-router';
import {
  attachmentUrls,
  imageSeenBeforeText,
  type ImageSeenBefore,
} from '../../../../shared/api/messages';
import { formatDateTime } from '../../../lib/format';

function Side({ label, thumbnail, full }: { label: string; thumbnail: string; full: string }) {
  return (
    <a href={full} target="_blank" rel="noreferrer" className="flex flex-col items-center gap-1">
      <img
        src={thumbnail}
        alt={label}
        loading="lazy"
        className="h-40 w-28 rounded-md bg-white object-contain ring-1 ring-amber-600/30"
      />
      <span>{label}</span>
    </a>
  );
}

/**
 * Under an image an agent sees: the same receipt (one reference read on both) or, when no
 * reference could be read, a picture like one sent earlier, in another customer's chat or before
 * this chat's order. A look-alike shows both images side by side: the agent decides. Customers
 * never get the data it shows.
 */
export function ImageSeenBeforeNote({
  seen,
  image,
}: {
  seen: ImageSeenBefore;
  /** This message's image (its thumbnail and full size), shown beside the earlier one. */
  image: { thumbnail: string; full: string } | null;
}) {
  const earlier = attachmentUrls(seen.messageId);
  return (
    <div
      data-testid="image-seen-before"
      className="mt-1 max-w-[85%] rounded-lg bg-amber-50 px-2 py-1 text-xs font-medium text-amber-900 ring-1 ring-amber-600/30 sm:max-w-[70%]"
    >
      <p className="flex items-start gap-1.5">
        <History aria-hidden className="mt-px size-3.5 shrink-0" />
        <span>
          <span data-testid="image-seen-before-text">{imageSeenBeforeText(seen)}</span>, sent{' '}
          <time dateTime={seen.seenAt}>{formatDateTime(seen.seenAt)}</time> in{' '}
          <Link to={`/chat/${seen.chatSessionId}`} className="underline underline-offset-2">
            chat #{seen.chatSessionId}
          </Link>
        </span>
      </p>
      {seen.kind === 'looks_alike' && image && (
        <div data-testid="image-seen-before-sides" className="mt-1.5 flex gap-2 pb-1">
          <Side label="Earlier" thumbnail={earlier.thumbnailUrl} full={earlier.url} />
          <Side label="This one" thumbnail={image.thumbnail} full={image.full} />
        </div>
      )}
    </div>
  );
}

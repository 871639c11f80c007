import * as Dialog from '@radix-ui/react-dialog';
import { ExternalLink, X } from 'lucide-react';

/**
 * An image opened over the page, inside a `Dialog.Root` whose trigger is its thumbnail: the
 * full image, a link to open it in a new tab, and Close.
 */
export function FullImageDialog({
  url,
  title,
  testId,
}: {
  url: string;
  /** The dialog's name for screen readers; the image is "{title}, full size". */
  title: string;
  testId: string;
}) {
  const round =
    'inline-flex size-11 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20';
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-black/85" />
      <Dialog.Content
        aria-describedby={undefined}
        className="fixed inset-0 z-50 flex flex-col items-center justify-center p-4 focus:outline-none"
      >
        <Dialog.Title className="sr-only">{title}</Dialog.Title>
        <div className="absolute top-3 right-3 flex gap-2">
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className={round}
            aria-label="Open in a new tab"
          >
            <ExternalLink aria-hidden className="size-5" />
          </a>
          <Dialog.Close className={round} aria-label="Close">
            <X aria-hidden className="size-5" />
          </Dialog.Close>
        </div>
        <img
          src={url}
          alt={`${title}, full size`}
          data-testid={testId}
          className="max-h-full max-w-full rounded-lg object-contain shadow-2xl"
        />
      </Dialog.Content>
    </Dialog.Portal>
  );
}

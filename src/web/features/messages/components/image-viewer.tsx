import * as Dialog from '@radix-ui/react-dialog';
import { ExternalLink, LoaderCircle, X } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../lib/cn';

/** A screenshot's thumbnail in a bubble; pressing it opens the full image. */
export function ImageThumbnail({
  url,
  fullUrl,
  uploading,
}: {
  url: string;
  fullUrl: string;
  uploading: boolean;
}) {
  const [loaded, setLoaded] = useState(false);
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <button
          type="button"
          aria-label="Open screenshot full size"
          className="relative block overflow-hidden rounded-xl bg-brand-50"
        >
          <img
            src={url}
            alt="Screenshot"
            data-testid="message-image"
            onLoad={() => setLoaded(true)}
            className={cn(
              // A fixed width keeps the bubble as wide as the image; tall phone screenshots
              // are cropped here and shown whole when opened.
              'block h-auto max-h-80 min-h-24 w-64 max-w-full object-cover transition-opacity',
              loaded ? 'opacity-100' : 'opacity-0',
            )}
          />
          {uploading && (
            <span className="absolute inset-0 flex items-center justify-center bg-black/30">
              <LoaderCircle aria-hidden className="size-8 animate-spin text-white" />
              <span className="sr-only">Uploading</span>
            </span>
          )}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/85" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col items-center justify-center p-4 focus:outline-none"
        >
          <Dialog.Title className="sr-only">Screenshot</Dialog.Title>
          <div className="absolute top-3 right-3 flex gap-2">
            <a
              href={fullUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex size-11 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20"
              aria-label="Open in a new tab"
            >
              <ExternalLink aria-hidden className="size-5" />
            </a>
            <Dialog.Close
              className="inline-flex size-11 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20"
              aria-label="Close"
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <img
            src={fullUrl}
            alt="Screenshot, full size"
            data-testid="full-image"
            className="max-h-full max-w-full rounded-lg object-contain shadow-2xl"
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

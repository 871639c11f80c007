import * as Dialog from '@radix-ui/react-dialog';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { FullImageDialog } from '../../../components/full-image-dialog';
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
      <FullImageDialog url={fullUrl} title="Screenshot" testId="full-image" />
    </Dialog.Root>
  );
}

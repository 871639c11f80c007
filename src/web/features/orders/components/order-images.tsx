import * as Dialog from '@radix-ui/react-dialog';
import { ExternalLink, X } from 'lucide-react';
import type { Order, OrderImage } from '../../../../shared/api/orders';

/** One image of the order as a thumbnail; pressing it opens the full image over the page. */
function OrderImageThumbnail({ image, label }: { image: OrderImage; label: string }) {
  return (
    <Dialog.Root>
      <figure className="flex flex-col items-start gap-1">
        <Dialog.Trigger asChild>
          <button
            type="button"
            aria-label={`Open the ${label.toLowerCase()}`}
            className="block overflow-hidden rounded-xl bg-brand-50 ring-1 ring-line hover:ring-brand-600"
          >
            <img
              src={image.thumbnailUrl}
              alt={label}
              data-testid="order-image"
              className="block size-24 object-cover"
            />
          </button>
        </Dialog.Trigger>
        <figcaption className="text-xs font-medium text-ink-muted">{label}</figcaption>
      </figure>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/85" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col items-center justify-center p-4 focus:outline-none"
        >
          <Dialog.Title className="sr-only">{label}</Dialog.Title>
          <div className="absolute top-3 right-3 flex gap-2">
            <a
              href={image.url}
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
            src={image.url}
            alt={`${label}, full size`}
            data-testid="order-image-full"
            className="max-h-full max-w-full rounded-lg object-contain shadow-2xl"
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The order's images, when it has any: the customer's deposit screenshot, the payout proof. */
export function OrderImages({ order }: { order: Order }) {
  const { depositScreenshot, payoutProof } = order;
  if (!depositScreenshot && !payoutProof) return null;
  return (
    <div className="flex flex-wrap gap-3" data-testid="order-images">
      {depositScreenshot && (
        <OrderImageThumbnail image={depositScreenshot} label="Deposit screenshot" />
      )}
      {payoutProof && <OrderImageThumbnail image={payoutProof} label="Payout proof" />}
    </div>
  );
}

import * as Dialog from '@radix-ui/react-dialog';
import type { Order, OrderImage } from '../../../../shared/api/orders';
import { FullImageDialog } from '../../../components/full-image-dialog';

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
      <FullImageDialog url={image.url} title={label} testId="order-image-full" />
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

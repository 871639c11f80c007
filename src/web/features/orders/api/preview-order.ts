import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  orderPreviewSchema,
  type OrderPreview,
  type PreviewOrderRequest,
} from '../../../../shared/api/orders';
import { apiPost } from '../../../lib/api-client';
import { PRICED_BY_RATES } from '../../rates/lib/live-rates';
import { orderKeys } from './keys';

/** POST /api/orders/preview: what `POST /api/orders` with this body would lock now. */
export function previewOrder(
  body: PreviewOrderRequest,
  signal?: AbortSignal,
): Promise<OrderPreview> {
  return apiPost('/api/orders/preview', body, orderPreviewSchema, { signal });
}

/**
 * The server's preview of a quote while its form is filled in; null: nothing worth pricing
 * yet. While a new body is priced the last figures stay, marked `isPlaceholderData` (not
 * lockable). A rates change prices it again (`useLiveRates`).
 */
export function useOrderPreview(body: PreviewOrderRequest | null) {
  return useQuery({
    queryKey: orderKeys.preview(body ?? { chatSessionId: 0, coin: 'bitcoin' }),
    queryFn: ({ signal }) => previewOrder(body!, signal),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    // A refusal (the limits, a rate not published) is the answer, not a failure to retry.
    retry: false,
    meta: PRICED_BY_RATES,
  });
}

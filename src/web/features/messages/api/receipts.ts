import { useQuery } from '@tanstack/react-query';
import { receiptsSchema, type Receipts } from '../../../../shared/api/messages';
import { apiGet, apiPost } from '../../../lib/api-client';
import { messageKeys } from './keys';

/** A chat's read receipts; `receipts.updated` events keep them live (use-live-conversation). */
export function useReceipts(chatSessionId: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: messageKeys.receipts(chatSessionId),
    queryFn: ({ signal }) =>
      apiGet(`/api/chat-sessions/${chatSessionId}/receipts`, receiptsSchema, { signal }),
  });
}

/** Moves the viewer's side forward (the server caps and never goes back). */
export function postReceipts(
  chatSessionId: number,
  body: { deliveredId?: number; readId?: number },
): Promise<Receipts> {
  return apiPost(`/api/chat-sessions/${chatSessionId}/receipts`, body, receiptsSchema);
}

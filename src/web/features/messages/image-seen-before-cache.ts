import type { QueryClient } from '@tanstack/react-query';
import type { ImageSeenBefore, Message } from '../../../shared/api/messages';
import { messageKeys } from './api/keys';

/**
 * Marks a cached message as an image seen before (the staff-only realtime event). False when the
 * message is not in the cache yet: the caller catches up, and the server's copy carries the mark.
 */
export function markImageSeenBefore(
  queryClient: QueryClient,
  event: { chatSessionId: number; messageId: number; imageSeenBefore: ImageSeenBefore },
): boolean {
  const key = messageKeys.messages(event.chatSessionId);
  const current = queryClient.getQueryData<Message[]>(key);
  if (!current?.some((m) => m.id === event.messageId)) return false;
  queryClient.setQueryData<Message[]>(
    key,
    current.map((m) =>
      m.id === event.messageId ? { ...m, imageSeenBefore: event.imageSeenBefore } : m,
    ),
  );
  return true;
}

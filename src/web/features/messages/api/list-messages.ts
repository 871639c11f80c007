import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { messagePageSchema, type Message } from '../../../../shared/api/messages';
import { apiGet } from '../../../lib/api-client';
import { messageKeys } from './keys';
import { addMessages, mergeMessages } from '../messages-cache';

const PAGE_SIZE = 200;

/** Every message of a conversation after `after` (a message id), oldest first. */
export async function listMessages(
  chatSessionId: number,
  after = 0,
  signal?: AbortSignal,
): Promise<Message[]> {
  const messages: Message[] = [];
  let cursor = after;
  for (;;) {
    const page = await apiGet(
      `/api/chat-sessions/${chatSessionId}/messages?after=${cursor}&limit=${PAGE_SIZE}`,
      messagePageSchema,
      { signal },
    );
    messages.push(...page.items);
    if (page.nextCursor === null) return messages;
    cursor = Number(page.nextCursor);
  }
}

export function messagesQuery(chatSessionId: number) {
  return queryOptions({
    queryKey: messageKeys.messages(chatSessionId),
    // Merged with what is cached: messages that arrived live while this was loading stay.
    queryFn: async ({ signal, client }) =>
      mergeMessages(
        client.getQueryData<Message[]>(messageKeys.messages(chatSessionId)) ?? [],
        await listMessages(chatSessionId, 0, signal),
      ),
  });
}

export function useMessages(chatSessionId: number) {
  return useQuery(messagesQuery(chatSessionId));
}

/**
 * Fetches what came after the newest message the cache holds and adds it: after the socket
 * (re)connects, for anything sent while it was away. Resolves with the new messages.
 */
export async function catchUpMessages(
  queryClient: QueryClient,
  chatSessionId: number,
): Promise<Message[]> {
  const current = queryClient.getQueryData<Message[]>(messageKeys.messages(chatSessionId));
  if (!current) return [];
  const after = current.at(-1)?.id ?? 0;
  const missed = await listMessages(chatSessionId, after);
  return addMessages(queryClient, chatSessionId, missed).added;
}

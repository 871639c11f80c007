import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { sendMessage, sendNote } from './api/send-message';
import { uploadAttachment } from './api/upload-attachment';
import { newClientMessageId } from './lib/client-message-id';
import { addMessages } from './messages-cache';
import { outbox, type OutgoingMessage } from './outbox';
import { handleUnauthorized } from '../../lib/unauthorized';

/**
 * A 4xx that the same request would get again. 401 (sign in again), 408 and 429 (wait) are
 * not: they may pass later.
 */
function isFinal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 408, 429].includes(error.status)
  );
}

/** The server's own words from an "status: text" error. */
export function serverText(error: unknown): string {
  if (error instanceof ApiError) return error.message.replace(/^\d{3}: /, '');
  return 'Check your connection and try again.';
}

/**
 * Sends the viewer's messages optimistically: a bubble appears at once (sending), becomes
 * the stored message when the server confirms it (sent), or shows failed: with a retry, or
 * with the server's reason when it refused the message for good.
 * Every attempt carries the message's one clientMessageId, so a retry never duplicates.
 */
export function useSender(chatSessionId: number) {
  const queryClient = useQueryClient();

  const deliver = useCallback(
    async (entry: OutgoingMessage): Promise<void> => {
      const { clientMessageId } = entry;
      outbox.patch(clientMessageId, { status: 'sending', failure: undefined, reason: undefined });
      try {
        const message =
          entry.kind === 'image' && entry.file
            ? await uploadAttachment(chatSessionId, {
                clientMessageId,
                caption: entry.content,
                file: entry.file,
              })
            : entry.kind === 'note'
              ? await sendNote(chatSessionId, { clientMessageId, content: entry.content })
              : await sendMessage(chatSessionId, { clientMessageId, content: entry.content });
        addMessages(queryClient, chatSessionId, [message]);
      } catch (error) {
        const answered = error instanceof ApiError;
        outbox.patch(
          clientMessageId,
          isFinal(error)
            ? { status: 'failed', failure: 'rejected', reason: serverText(error) }
            : { status: 'failed', failure: answered ? 'server' : 'network' },
        );
        if (answered && !handleUnauthorized(error)) {
          toast({
            title: 'Failed to send message',
            description: serverText(error),
            variant: 'destructive',
          });
        }
      }
    },
    [chatSessionId, queryClient],
  );

  const send = useCallback(
    (
      input:
        { kind: 'text' | 'note'; content: string } | { kind: 'image'; file: File; caption: string },
    ) => {
      const entry: OutgoingMessage = {
        clientMessageId: newClientMessageId(),
        chatSessionId,
        status: 'sending',
        createdAt: new Date().toISOString(),
        ...(input.kind !== 'image'
          ? { kind: input.kind, content: input.content.trim() }
          : {
              kind: 'image',
              content: input.caption.trim(),
              file: input.file,
              previewUrl: URL.createObjectURL(input.file),
            }),
      };
      outbox.put(entry);
      return deliver(entry);
    },
    [chatSessionId, deliver],
  );

  /** Sends a failed message again, with the same clientMessageId; never a rejected one. */
  const retry = useCallback(
    (clientMessageId: string) => {
      const entry = outbox.get(clientMessageId);
      if (entry?.status === 'failed' && entry.failure !== 'rejected') return deliver(entry);
      return Promise.resolve();
    },
    [deliver],
  );

  /** Takes a message the server rejected off the screen. */
  const discard = useCallback((clientMessageId: string) => outbox.discard(clientMessageId), []);

  /** When the connection is back: everything that failed for want of it, in order. */
  const retryNetworkFailures = useCallback(async () => {
    const failed = outbox
      .getSnapshot()
      .filter(
        (e) =>
          e.chatSessionId === chatSessionId && e.status === 'failed' && e.failure === 'network',
      );
    for (const entry of failed) await deliver(entry);
  }, [chatSessionId, deliver]);

  return { send, retry, discard, retryNetworkFailures };
}

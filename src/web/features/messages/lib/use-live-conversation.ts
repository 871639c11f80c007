import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { Message } from '../../../../shared/api/messages';
import { useLiveConnection, type ConnectionState } from '../../../lib/realtime';
import { catchUpMessages } from '../api/list-messages';
import { messageKeys } from '../api/keys';

/**
 * Keeps an open conversation's socket up (no polling). The app applies the chat's events to
 * the cache (live-messages.ts); here, when the socket comes (back) online, the conversation
 * catches up over HTTP on what a first connection cannot replay. `onIncoming` hears the
 * messages new to the conversation once it has loaded, however they came.
 */
export function useLiveConversation(
  chatSessionId: number,
  /** The conversation's messages, once loaded. */
  messages: readonly Message[] | undefined,
  onIncoming: (messages: Message[]) => void,
  onOnline: () => void,
): ConnectionState {
  const queryClient = useQueryClient();
  const state = useLiveConnection();
  /** The socket came online before the messages loaded: catch up once they have. */
  const behind = useRef(false);
  /** The newest message this conversation has shown. */
  const newest = useRef<{ chatSessionId: number; id: number } | null>(null);
  const onIncomingRef = useRef(onIncoming);
  const onOnlineRef = useRef(onOnline);
  useEffect(() => {
    onIncomingRef.current = onIncoming;
    onOnlineRef.current = onOnline;
  });

  useEffect(() => {
    if (!messages) return;
    const seen = newest.current?.chatSessionId === chatSessionId ? newest.current.id : null;
    newest.current = {
      chatSessionId,
      id: Math.max(seen ?? 0, messages.at(-1)?.id ?? 0),
    };
    if (seen === null) return;
    const added = messages.filter((m) => m.id > seen);
    if (added.length > 0) onIncomingRef.current(added);
  }, [chatSessionId, messages]);

  const catchUp = useCallback(() => {
    if (!queryClient.getQueryData(messageKeys.messages(chatSessionId))) {
      behind.current = true;
      return;
    }
    // A failure needs no message: the next reconnection or event tries again.
    catchUpMessages(queryClient, chatSessionId).catch(() => undefined);
  }, [queryClient, chatSessionId]);

  useEffect(() => {
    if (state !== 'online') return;
    catchUp();
    onOnlineRef.current();
  }, [state, catchUp]);

  const loaded = messages !== undefined;
  useEffect(() => {
    if (loaded && behind.current) {
      behind.current = false;
      catchUp();
    }
  }, [loaded, catchUp]);

  return state;
}

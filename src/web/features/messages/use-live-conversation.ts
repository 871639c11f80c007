import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { ChatSession } from '../../../shared/api/chat-sessions';
import type { Message } from '../../../shared/api/messages';
import type { RealtimeEvent } from '../../../shared/api/realtime';
import { useRealtime, type ConnectionState } from '../../lib/realtime';
import { catchUpMessages } from './api/list-messages';
import { chatSessionKeys } from '../chat-sessions';
import { messageKeys } from './api/keys';
import { markImageSeenBefore } from './image-seen-before-cache';
import { addMessages } from './messages-cache';

/**
 * Keeps an open conversation live over the page's WebSocket (no polling): new messages go
 * into the cache (each once, by id, replacing the matching optimistic bubble), and so do the
 * session's and its customer's changes. When the socket comes (back) online it catches up
 * over HTTP, and a resync refetches. `onIncoming` hears the messages that are new to it.
 */
export function useLiveConversation(
  chatSessionId: number,
  /** Whether the conversation's messages have loaded. */
  loaded: boolean,
  onIncoming: (messages: Message[]) => void,
  onOnline: () => void,
): ConnectionState {
  const queryClient = useQueryClient();
  /** Something may have been missed before the messages loaded: catch up once they have. */
  const behind = useRef(false);
  const onIncomingRef = useRef(onIncoming);
  const onOnlineRef = useRef(onOnline);
  useEffect(() => {
    onIncomingRef.current = onIncoming;
    onOnlineRef.current = onOnline;
  });

  const catchUp = useCallback(() => {
    if (!queryClient.getQueryData(messageKeys.messages(chatSessionId))) {
      behind.current = true;
      return;
    }
    catchUpMessages(queryClient, chatSessionId).then(
      (added) => {
        if (added.length > 0) onIncomingRef.current(added);
      },
      () => {
        // The next reconnection or event tries again.
      },
    );
  }, [queryClient, chatSessionId]);

  const onEvent = useCallback(
    (event: RealtimeEvent) => {
      switch (event.type) {
        case 'message.created': {
          if (event.chatSessionId !== chatSessionId) return;
          const { loaded: cached, added } = addMessages(queryClient, chatSessionId, [
            event.message,
          ]);
          if (!cached) behind.current = true;
          else if (added.length > 0) onIncomingRef.current(added);
          return;
        }
        case 'message.image_seen_before':
          if (event.chatSessionId !== chatSessionId) return;
          // Not here yet (the two events of one message may come in either order): the
          // conversation is read again, and the server's copy carries the mark.
          if (!markImageSeenBefore(queryClient, event)) {
            void queryClient.invalidateQueries({ queryKey: messageKeys.messages(chatSessionId) });
          }
          return;
        case 'receipts.updated':
          if (event.chatSessionId === chatSessionId) {
            queryClient.setQueryData(messageKeys.receipts(chatSessionId), event.receipts);
          }
          return;
        case 'session.created':
        case 'session.updated':
          if (event.chatSessionId === chatSessionId) {
            queryClient.setQueryData(chatSessionKeys.detail(chatSessionId), event.session);
          }
          return;
        case 'customer.updated':
          queryClient.setQueryData<ChatSession>(chatSessionKeys.detail(chatSessionId), (session) =>
            session && session.customer.id === event.customer.id
              ? { ...session, customer: event.customer }
              : session,
          );
          return;
      }
    },
    [queryClient, chatSessionId],
  );

  const onResync = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: chatSessionKeys.detail(chatSessionId) });
    void queryClient.invalidateQueries({ queryKey: messageKeys.messages(chatSessionId) });
  }, [queryClient, chatSessionId]);

  const state = useRealtime(onEvent, onResync);

  useEffect(() => {
    if (state !== 'online') return;
    catchUp();
    onOnlineRef.current();
  }, [state, catchUp]);

  useEffect(() => {
    if (loaded && behind.current) {
      behind.current = false;
      catchUp();
    }
  }, [loaded, catchUp]);

  return state;
}

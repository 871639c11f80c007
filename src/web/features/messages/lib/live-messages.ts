import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LiveCapability } from '../../../lib/live-cache';
import { messageKeys } from '../api/keys';
import { markImageSeenBefore } from '../image-seen-before-cache';
import { addMessages } from '../messages-cache';

function isCached(queryClient: QueryClient, queryKey: QueryKey): boolean {
  return queryClient.getQueryCache().find({ queryKey, exact: true }) !== undefined;
}

/**
 * Messages, live, in every conversation the page has loaded: a new message goes in once (by
 * id, replacing the matching optimistic bubble); the ticks and the staff's "seen before" mark
 * follow. A conversation still loading is loaded again, so its answer holds the message.
 */
export const liveMessages: LiveCapability = {
  on: {
    'message.created': (queryClient, event) => {
      const { loaded } = addMessages(queryClient, event.chatSessionId, [event.message]);
      const key = messageKeys.messages(event.chatSessionId);
      if (!loaded && isCached(queryClient, key)) {
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
      }
    },
    'message.image_seen_before': (queryClient, event) => {
      // Not here yet (the two events of one message may come in either order): the
      // conversation is read again, and the server's copy carries the mark.
      if (!markImageSeenBefore(queryClient, event)) {
        void queryClient.invalidateQueries({
          queryKey: messageKeys.messages(event.chatSessionId),
          exact: true,
        });
      }
    },
    'receipts.updated': (queryClient, event) => {
      const key = messageKeys.receipts(event.chatSessionId);
      if (isCached(queryClient, key)) queryClient.setQueryData(key, event.receipts);
    },
  },
  roots: [messageKeys.all],
};

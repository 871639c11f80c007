import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Message } from '../../../../shared/api/messages';
import { addMessages } from '../messages-cache';
import { uploadAttachment } from './upload-attachment';

/**
 * Sends one image into a chat through the attachment flow the composer uses, and puts the stored
 * message into the conversation at once. The same clientMessageId on a retry gets the same
 * message back, never a second one.
 */
export function useSendImage(chatSessionId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    async (body: { clientMessageId: string; file: File; caption?: string }): Promise<Message> => {
      const message = await uploadAttachment(chatSessionId, body);
      addMessages(queryClient, chatSessionId, [message]);
      return message;
    },
    [chatSessionId, queryClient],
  );
}

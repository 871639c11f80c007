import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { DEMO_CUSTOMER_ID, demoMessageSchema } from '../../../../shared/api/demo';
import { apiGet, apiPost } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

/** The spec's demo design: messages are polled every 2 s while a session is open. */
export const DEMO_POLL_MS = 2000;

export function demoMessagesQuery(sessionId: number) {
  return queryOptions({
    queryKey: ['demo', 'messages', sessionId],
    queryFn: ({ signal }) =>
      apiGet(`/api/test/messages/${sessionId}`, z.array(demoMessageSchema), { signal }),
    refetchInterval: DEMO_POLL_MS,
  });
}

export function useDemoMessages(sessionId: number) {
  return useQuery(demoMessagesQuery(sessionId));
}

export function sendDemoMessage(options: { chatSessionId: number; content: string }) {
  return apiPost(
    '/api/test/messages',
    {
      chatSessionId: options.chatSessionId,
      senderId: DEMO_CUSTOMER_ID,
      content: options.content.trim(),
      messageType: 'text',
    },
    demoMessageSchema,
  );
}

/** Sends as the demo customer, then refreshes the conversation. */
export function useSendDemoMessage(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => sendDemoMessage({ chatSessionId: sessionId, content }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: demoMessagesQuery(sessionId).queryKey }),
    onError: () =>
      toast({ title: 'Error', description: 'Failed to send message', variant: 'destructive' }),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { whatsappChatSchema } from '../../../../shared/api/whatsapp';
import { apiFetch, apiGet } from '../../../lib/api-client';

export const whatsappKeys = {
  chat: (chatSessionId: number) => ['whatsapp', 'chat', chatSessionId] as const,
};

/**
 * How often an open WhatsApp chat's ticks and window are read again: Meta's statuses come
 * through the webhook, not through a realtime event (decision 034).
 */
const REFRESH_MS = 4_000;

/** A WhatsApp chat's number, 24-hour window and each sent message's tick (staff only). */
export function useWhatsappChat(chatSessionId: number, enabled: boolean) {
  return useQuery({
    queryKey: whatsappKeys.chat(chatSessionId),
    queryFn: ({ signal }) =>
      apiGet(`/api/channels/whatsapp/chats/${chatSessionId}`, whatsappChatSchema, { signal }),
    enabled,
    refetchInterval: REFRESH_MS,
  });
}

function useChatAction(chatSessionId: number, path: (input: number) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: number) => {
      await apiFetch(path(input), { method: 'POST' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: whatsappKeys.chat(chatSessionId) }),
  });
}

/** Sends a message that failed on WhatsApp again (its id). */
export function useRetryWhatsappMessage(chatSessionId: number) {
  return useChatAction(
    chatSessionId,
    (messageId) => `/api/channels/whatsapp/messages/${messageId}/retry`,
  );
}

/** Sends the re-engagement template to the chat's customer (the chat's id). */
export function useSendReengageTemplate(chatSessionId: number) {
  return useChatAction(chatSessionId, (id) => `/api/channels/whatsapp/chats/${id}/reengage`);
}

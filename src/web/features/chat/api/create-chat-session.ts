import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatSessionSchema, type ChatSession } from '../../../../shared/api/chat-sessions';
import { apiPost } from '../../../lib/api-client';
import type { TradeCategory } from '../categories';
import { chatSessionKeys } from '../../chat-sessions';
import { chatKeys } from '../chat-keys';

/** The customer's "Bitcoin Trading" or "USDT Trading" choice. */
export function createChatSession(category: TradeCategory): Promise<ChatSession> {
  return apiPost('/api/chat-sessions', { category }, chatSessionSchema);
}

export function useCreateChatSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChatSession,
    onSuccess: (session) => {
      queryClient.setQueryData(chatSessionKeys.detail(session.id), session);
      queryClient.setQueryData(chatKeys.messages(session.id), []);
      void queryClient.invalidateQueries({ queryKey: chatKeys.sessions() });
    },
  });
}

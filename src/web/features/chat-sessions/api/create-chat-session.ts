import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatSessionSchema, type ChatSession } from '../../../../shared/api/chat-sessions';
import { apiPost } from '../../../lib/api-client';
import type { RateCurrency } from '../../../../shared/domain';
import { chatSessionKeys } from './keys';

/** The customer's "Bitcoin Trading" or "USDT Trading" choice. */
export function createChatSession(category: RateCurrency): Promise<ChatSession> {
  return apiPost('/api/chat-sessions', { category }, chatSessionSchema);
}

export function useCreateChatSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChatSession,
    onSuccess: (session) => {
      queryClient.setQueryData(chatSessionKeys.detail(session.id), session);
      void queryClient.invalidateQueries({ queryKey: chatSessionKeys.own() });
    },
  });
}

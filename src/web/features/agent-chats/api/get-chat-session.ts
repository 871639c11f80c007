import { chatSessionSchema, type ChatSession } from '../../../../shared/api/chat-sessions';
import { apiGet } from '../../../lib/api-client';

/** One session, for a live message in a session the list has not loaded. */
export function getChatSession(id: number): Promise<ChatSession> {
  return apiGet(`/api/chat-sessions/${id}`, chatSessionSchema);
}

import { messageSchema, type Message } from '../../../../shared/api/messages';
import { apiPost } from '../../../lib/api-client';

/** A send that hears nothing this long counts as failed; a retry cannot duplicate it. */
export const SEND_TIMEOUT_MS = 15_000;

/** Sends a text message. The same clientMessageId again returns the stored message (200). */
export function sendMessage(
  chatSessionId: number,
  body: { clientMessageId: string; content: string },
): Promise<Message> {
  return apiPost(`/api/chat-sessions/${chatSessionId}/messages`, body, messageSchema, {
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
}

/** Writes an agent's private note: staff see it, the customer never does. */
export function sendNote(
  chatSessionId: number,
  body: { clientMessageId: string; content: string },
): Promise<Message> {
  return apiPost(`/api/chat-sessions/${chatSessionId}/notes`, body, messageSchema, {
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
}

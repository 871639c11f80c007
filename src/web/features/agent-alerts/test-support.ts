import type { ChatSession } from '../../../shared/api/chat-sessions';
import type { Message } from '../../../shared/api/messages';
import type { RealtimeEvent } from '../../../shared/api/realtime';

const AT = '2026-03-18T08:00:00.000Z';
export const CUSTOMER_ID = '3f0c6a7e-1b2d-4c5e-8f90-a1b2c3d41a2b';

let nextEventId = 5000;

export function makeSession(id: number, overrides: Partial<ChatSession> = {}): ChatSession {
  return {
    id,
    customerId: CUSTOMER_ID,
    agentId: null,
    category: 'bitcoin',
    status: 'open',
    priority: 'normal',
    createdAt: AT,
    updatedAt: AT,
    lastMessageAt: null,
    customer: {
      id: CUSTOMER_ID,
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Obi',
      profileImageUrl: null,
      customerStatus: 'active',
      createdAt: AT,
    },
    agent: null,
    lastMessage: null,
    ...overrides,
  };
}

export function sessionCreated(session: ChatSession): RealtimeEvent {
  return { id: ++nextEventId, type: 'session.created', chatSessionId: session.id, session };
}

export function messageCreated(
  chatSessionId: number,
  overrides: Partial<Message> = {},
): RealtimeEvent {
  const id = ++nextEventId;
  return {
    id,
    type: 'message.created',
    chatSessionId,
    message: {
      id,
      chatSessionId,
      senderId: CUSTOMER_ID,
      senderRole: 'customer',
      content: `message ${id}`,
      messageType: 'text',
      attachment: null,
      clientMessageId: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
      createdAt: AT,
      ...overrides,
    },
  };
}

/**
 * The chat sessions' query keys, for every screen that reads a session: one key per session,
 * so a realtime update written here is what the customer's chat, the agent's screens and
 * Process Transaction all read.
 */
export const chatSessionKeys = {
  all: ['chat-sessions'] as const,
  detail: (id: number) => ['chat-sessions', 'detail', id] as const,
  /** The signed-in customer's own conversations. */
  own: () => ['chat-sessions', 'own'] as const,
  /** One customer's chats, as the agents' inbox side panel lists them. */
  customer: (customerId: string) => ['chat-sessions', 'customer', customerId] as const,
};

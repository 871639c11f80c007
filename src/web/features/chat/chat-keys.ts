/** The chat feature's query keys: one place, so realtime updates write where screens read. */
export const chatKeys = {
  all: ['chat'] as const,
  sessions: () => ['chat', 'sessions'] as const,
  messages: (id: number) => ['chat', 'messages', id] as const,
};

/** The messages' query keys: one place, so realtime updates write where screens read. */
export const messageKeys = {
  all: ['chat'] as const,
  messages: (id: number) => ['chat', 'messages', id] as const,
  receipts: (id: number) => ['chat', 'receipts', id] as const,
};

import type { QueryClient } from '@tanstack/react-query';
import type { Message } from '../../../shared/api/messages';
import { messageKeys } from './api/keys';
import { outbox } from './outbox';

/** Both lists' messages, each once (by id), in id order: the order the server stored them. */
export function mergeMessages(
  current: readonly Message[],
  incoming: readonly Message[],
): Message[] {
  const byId = new Map<number, Message>();
  for (const m of current) byId.set(m.id, m);
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export interface AddResult {
  /** False when the conversation was not loaded yet: the caller should catch up after. */
  loaded: boolean;
  /** The messages that were not there before. */
  added: Message[];
}

/**
 * Puts stored messages (an answer to a send, a realtime event, a catch-up) into the
 * conversation's cache, and turns the matching optimistic bubbles into them.
 */
export function addMessages(
  queryClient: QueryClient,
  chatSessionId: number,
  incoming: readonly Message[],
): AddResult {
  const mine = incoming.filter((m) => m.chatSessionId === chatSessionId);
  const key = messageKeys.messages(chatSessionId);
  const current = queryClient.getQueryData<Message[]>(key);
  if (!current) return { loaded: false, added: [] };
  const known = new Set(current.map((m) => m.id));
  const added = mine.filter((m) => !known.has(m.id) && known.add(m.id));
  if (added.length > 0) queryClient.setQueryData<Message[]>(key, mergeMessages(current, added));
  outbox.confirm(mine.map((m) => m.clientMessageId));
  return { loaded: true, added };
}

import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/api/messages';
import { messageKeys } from './api/keys';
import { addMessages, mergeMessages } from './messages-cache';
import { outbox } from './outbox';
import { makeMessage } from '../../testing/fixtures';

const ids = (messages: readonly Message[]) => messages.map((m) => m.id);

afterEach(() => outbox.clear());

describe('messages cache', () => {
  it('merges to each message once, in id order', () => {
    const a = [makeMessage({ id: 1 }), makeMessage({ id: 3 })];
    const b = [makeMessage({ id: 3 }), makeMessage({ id: 2 }), makeMessage({ id: 4 })];
    expect(ids(mergeMessages(a, b))).toEqual([1, 2, 3, 4]);
    expect(ids(mergeMessages([], []))).toEqual([]);
  });

  it('adds only new messages of its conversation and confirms their optimistic bubbles', () => {
    const client = new QueryClient();
    client.setQueryData(messageKeys.messages(7), [makeMessage({ id: 1 })]);
    const sent = makeMessage({ id: 2 });
    outbox.put({
      clientMessageId: sent.clientMessageId,
      chatSessionId: 7,
      kind: 'text',
      content: sent.content,
      status: 'sending',
      createdAt: sent.createdAt,
    });
    const result = addMessages(client, 7, [
      makeMessage({ id: 1 }),
      sent,
      sent,
      makeMessage({ id: 9, chatSessionId: 8 }),
    ]);
    expect(ids(result.added)).toEqual([2]);
    expect(ids(client.getQueryData<Message[]>(messageKeys.messages(7))!)).toEqual([1, 2]);
    expect(outbox.getSnapshot()).toEqual([]);
  });

  it('reports a conversation that has not loaded, and keeps its bubbles', () => {
    const client = new QueryClient();
    const sent = makeMessage({ id: 2 });
    outbox.put({
      clientMessageId: sent.clientMessageId,
      chatSessionId: 7,
      kind: 'text',
      content: sent.content,
      status: 'sending',
      createdAt: sent.createdAt,
    });
    expect(addMessages(client, 7, [sent])).toEqual({ loaded: false, added: [] });
    expect(outbox.getSnapshot()).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { alertTitle, attentionTotal } from './alert-title';

describe('alert title', () => {
  it('adds up the unread items of every chat', () => {
    expect(attentionTotal({})).toBe(0);
    expect(attentionTotal({ 1: 2, 4: 1 })).toBe(3);
  });

  it('counts a chat without an agent once when nothing in it is unread, never twice', () => {
    expect(attentionTotal({ 1: 2 }, [1, 7, 7, 8])).toBe(4);
    expect(attentionTotal({}, [3])).toBe(1);
  });

  it('reads "(3) Chats · AgentChat", or just the label and brand when nothing waits', () => {
    expect(alertTitle(3, 'Chats', 'AgentChat')).toBe('(3) Chats · AgentChat');
    expect(alertTitle(0, 'Chats', 'AgentChat')).toBe('Chats · AgentChat');
  });
});

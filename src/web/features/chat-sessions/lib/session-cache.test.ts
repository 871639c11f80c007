import { describe, expect, it } from 'vitest';
import type { ChatSession } from '../../../../shared/api/chat-sessions';
import type { Message } from '../../../../shared/api/messages';
import {
  applyEvent,
  isOpenSession,
  listPredicate,
  withMessage,
  type SessionPages,
} from './session-cache';
import {
  makeCustomer,
  makeMessage,
  makeOrder,
  makeSession,
  orderUpdated,
} from '../../../testing/fixtures';

function pages(...lists: ChatSession[][]): SessionPages {
  return {
    pages: lists.map((items, i) => ({ items, nextCursor: i < lists.length - 1 ? `c${i}` : null })),
    pageParams: lists.map((_, i) => (i === 0 ? undefined : `c${i - 1}`)),
  };
}

const ids = (data: SessionPages) => data.pages.map((p) => p.items.map((s) => s.id));

function message(chatSessionId: number, id: number, content: string): Message {
  return {
    id,
    chatSessionId,
    senderId: makeCustomer().id,
    senderRole: 'customer',
    content,
    messageType: 'text',
    attachment: null,
    clientMessageId: '6f1d7f55-3c1e-4c55-9d5e-5c1f2a3b4c5d',
    createdAt: '2026-03-18T09:00:00.000Z',
  };
}

const all = listPredicate('all', '');

describe('live changes to a cached list of sessions', () => {
  it('puts a new session first, once, and only in lists it belongs to', () => {
    const data = pages([makeSession({ id: 2 })], [makeSession({ id: 1 })]);
    const created = makeSession({ id: 3 });
    const event = { id: 10, type: 'session.created', chatSessionId: 3, session: created } as const;
    expect(ids(applyEvent(data, event, all).data)).toEqual([[3, 2], [1]]);
    const twice = applyEvent(applyEvent(data, event, all).data, event, all).data;
    expect(ids(twice)).toEqual([[3, 2], [1]]);
    expect(ids(applyEvent(data, event, listPredicate('active', '')).data)).toEqual([[2], [1]]);
    expect(ids(applyEvent(data, event, listPredicate('all', 'bayo')).data)).toEqual([[2], [1]]);
    expect(ids(applyEvent(data, event, listPredicate('all', 'ADA@EX')).data)).toEqual([
      [3, 2],
      [1],
    ]);
  });

  it('moves a session to the top with its new preview when a message arrives', () => {
    const data = pages([makeSession({ id: 2 })], [makeSession({ id: 1 })]);
    const result = applyEvent(
      data,
      { id: 11, type: 'message.created', chatSessionId: 1, message: message(1, 5, 'Hello') },
      all,
    );
    expect(ids(result.data)).toEqual([[1, 2], []]);
    const moved = result.data.pages[0]!.items[0]!;
    expect(moved.lastMessage).toMatchObject({ id: 5, content: 'Hello' });
    expect(moved.updatedAt).toBe('2026-03-18T09:00:00.000Z');
    // A session the list does not hold: the caller has to fetch it.
    expect(
      applyEvent(
        data,
        { id: 12, type: 'message.created', chatSessionId: 9, message: message(9, 6, 'Hi') },
        all,
      ).missing,
    ).toBe(9);
  });

  it('replaces an updated session where it is, and drops it from lists it left', () => {
    const data = pages([makeSession({ id: 2 }), makeSession({ id: 1 })]);
    const assigned = makeSession({ id: 1, agentId: makeCustomer().id, status: 'active' });
    const event = { id: 13, type: 'session.updated', chatSessionId: 1, session: assigned } as const;
    const inAll = applyEvent(data, event, all).data;
    expect(ids(inAll)).toEqual([[2, 1]]);
    expect(inAll.pages[0]!.items[1]!.agentId).toBe(assigned.agentId);
    expect(ids(applyEvent(data, event, listPredicate('unread', '')).data)).toEqual([[2]]);
    expect(ids(applyEvent(pages([]), event, listPredicate('active', '')).data)).toEqual([[1]]);
    const closed = { ...event, session: { ...assigned, status: 'closed' as const } };
    expect(ids(applyEvent(data, closed, isOpenSession).data)).toEqual([[2]]);
  });

  it("updates the customer's status on every one of their sessions", () => {
    const other = makeCustomer({ id: '9b1e2d3c-4a5b-4c6d-8e7f-000000000001' });
    const data = pages([
      makeSession({ id: 3 }),
      makeSession({ id: 2, customer: other }),
      makeSession({ id: 1 }),
    ]);
    const paid = makeCustomer({ customerStatus: 'paid' });
    const result = applyEvent(data, { id: 14, type: 'customer.updated', customer: paid }, all);
    expect(result.data.pages[0]!.items.map((s) => s.customer.customerStatus)).toEqual([
      'paid',
      'active',
      'paid',
    ]);
  });

  it('marks a chat whose order waits on the desk, and clears it once the order moves on, in place', () => {
    const data = pages([makeSession({ id: 2 }), makeSession({ id: 7 })]);
    const order = makeOrder({ id: 30, chatSessionId: 7, state: 'deposit_seen' });
    const seen = applyEvent(data, orderUpdated(order), all).data;
    expect(ids(seen)).toEqual([[2, 7]]);
    expect(seen.pages[0]!.items[1]!.orderWaiting).toEqual({
      reference: order.reference,
      state: 'deposit_seen',
    });
    const disputed = applyEvent(seen, orderUpdated({ ...order, state: 'disputed' }), all).data;
    expect(disputed.pages[0]!.items[1]!.orderWaiting?.state).toBe('disputed');
    const done = applyEvent(disputed, orderUpdated({ ...order, state: 'completed' }), all).data;
    expect(done.pages[0]!.items[1]!.orderWaiting).toBeNull();
    // Another order's step leaves the marker of this one alone; an unknown chat changes nothing.
    const other = makeOrder({ id: 31, chatSessionId: 7, state: 'cancelled' });
    expect(applyEvent(seen, orderUpdated(other), all).data).toBe(seen);
    const elsewhere = makeOrder({ id: 32, chatSessionId: 99, state: 'deposit_seen' });
    expect(applyEvent(data, orderUpdated(elsewhere), all).data).toBe(data);
  });

  it('keeps live changes to each filter: mine and locked by who looks, archived when resolved', () => {
    const me = '5d3c2b1a-0000-4000-8000-000000000001';
    const other = '5d3c2b1a-0000-4000-8000-000000000002';
    const waiting = makeSession({ id: 1, status: 'open', agentId: null });
    const mine = makeSession({ id: 2, status: 'active', agentId: me });
    const theirs = makeSession({ id: 3, status: 'active', agentId: other });
    const resolved = makeSession({ id: 4, status: 'closed', agentId: me });
    const shown = (filter: Parameters<typeof listPredicate>[0]) =>
      [waiting, mine, theirs, resolved].filter(listPredicate(filter, '', me)).map((s) => s.id);
    expect(shown('all')).toEqual([1, 2, 3, 4]);
    expect(shown('unread')).toEqual([1]);
    expect(shown('unassigned')).toEqual([1]);
    expect(shown('active')).toEqual([2, 3]);
    expect(shown('mine')).toEqual([2]);
    expect(shown('locked')).toEqual([3]);
    expect(shown('archived')).toEqual([4]);
  });
});

describe("a chat's wait for a reply, as messages arrive", () => {
  const customerMessage = (id: number, at: string) =>
    makeMessage({ id, chatSessionId: 7, createdAt: at });
  const staff = (id: number, messageType: 'text' | 'note') =>
    makeMessage({
      id,
      chatSessionId: 7,
      senderId: '5d3c2b1a-0000-4000-8000-000000000001',
      senderRole: 'agent',
      messageType,
      createdAt: '2026-03-18T09:09:00.000Z',
    });

  it("starts at the customer's first unanswered message, survives a note, ends at a reply", () => {
    let session = makeSession({ id: 7 });
    session = withMessage(session, customerMessage(1, '2026-03-18T09:00:00.000Z'));
    expect(session.waitingSince).toBe('2026-03-18T09:00:00.000Z');
    session = withMessage(session, customerMessage(2, '2026-03-18T09:05:00.000Z'));
    expect(session.waitingSince).toBe('2026-03-18T09:00:00.000Z');
    session = withMessage(session, staff(3, 'note'));
    expect(session.waitingSince).toBe('2026-03-18T09:00:00.000Z');
    session = withMessage(session, staff(4, 'text'));
    expect(session.waitingSince).toBeNull();
  });
});

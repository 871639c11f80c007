// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderChain } from '../../../shared/api/orders';
import { stubApi, UNAUTHORIZED } from '../../testing/api-stub';
import { makeOrder, makeUser, orderStep, orderUpdated } from '../../testing/fixtures';
import { FakeSocket, goOnline, later } from '../../testing/fake-socket';
import { renderApp } from '../../testing/render-app';

// The screen is a lazy chunk: its first render may take a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const MINUTE = 60_000;
const agent = makeUser({ isAgent: true, firstName: 'Tunde', lastName: 'Agent' });
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();

/** An order whose deposit was confirmed `minutes` ago (the SLA is 30 minutes in the tests). */
function confirmed(id: number, minutes: number, overrides: Partial<Order> = {}): Order {
  return makeOrder({
    id,
    state: 'deposit_confirmed',
    createdAt: ago(minutes + 5),
    updatedAt: ago(minutes),
    timeline: [
      orderStep('awaiting_deposit', { at: ago(minutes + 5) }),
      orderStep('deposit_seen', { at: ago(minutes + 3) }),
      orderStep('deposit_confirmed', { actor: 'agent', at: ago(minutes) }),
    ],
    ...overrides,
  });
}

const rows = () => screen.getAllByTestId('staff-order');
const rowIds = () => rows().map((r) => Number(r.dataset.orderId));

beforeEach(() => {
  FakeSocket.latest = null;
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/agent/orders', () => {
  it('asks agents to log in when nobody is logged in as one', async () => {
    stubApi({ 'GET /api/agent/user': () => UNAUTHORIZED });
    renderApp('/agent/orders');
    expect(await screen.findByText('Agent Login Required')).toBeTruthy();
  });

  it('shows an overdue payout first and red, with how late it is, then the newest', async () => {
    const late = confirmed(3, 42, {
      reference: 'AC-LATE0003',
      chatSessionId: 11,
      customer: { firstName: 'Bayo', lastName: 'Ade', email: 'bayo@example.com' },
    });
    const inTime = confirmed(4, 5);
    const fresh = makeOrder({ id: 5, createdAt: ago(2), updatedAt: ago(2) });
    stubApi({
      'GET /api/agent/user': () => ({ body: agent }),
      // The server sends the overdue one first; the screen keeps that order.
      'GET /api/orders': () => ({ body: { items: [late, fresh, inTime], nextCursor: null } }),
    });
    renderApp('/agent/orders');
    await waitFor(() => expect(rowIds()).toEqual([3, 5, 4]));

    const [first, second, third] = rows();
    expect(first!.dataset.overdue).toBe('true');
    expect(within(first!).getByTestId('staff-order-overdue').textContent).toBe(
      'Payout overdue by 12 min',
    );
    expect(within(first!).getByTestId('staff-order-state').dataset.tone).toBe('red');
    expect(within(first!).getByTestId('staff-order-customer').textContent).toBe('Bayo Ade');
    expect(within(first!).getByTestId('staff-order-amount').textContent).toBe('0.01 BTC');
    expect(within(first!).getByTestId('staff-order-total').textContent).toBe('₦1,513,200.00');
    expect(within(first!).getByTestId('staff-order-age').textContent).toBe('47 min');
    expect(
      within(first!)
        .getByRole('link', { name: 'Open chat of order AC-LATE0003' })
        .getAttribute('href'),
    ).toBe('/chat/11');
    for (const row of [second!, third!]) {
      expect(row.dataset.overdue).toBeUndefined();
      expect(within(row).queryByTestId('staff-order-overdue')).toBeNull();
    }
    expect(within(third!).getByTestId('staff-order-state').textContent).toBe('Deposit confirmed');
    expect(within(third!).getByTestId('staff-order-state').dataset.tone).toBe('teal');
    expect(screen.getByText('Payouts are due 30 min after the deposit is confirmed')).toBeTruthy();
  });

  it('puts an order that falls overdue first even when the server listed it later', async () => {
    // Due in the past by a second: the server read the list before it fell due.
    const justLate = confirmed(2, 30.02);
    const newer = makeOrder({ id: 9, createdAt: ago(1), updatedAt: ago(1) });
    stubApi({
      'GET /api/agent/user': () => ({ body: agent }),
      'GET /api/orders': () => ({ body: { items: [newer, justLate], nextCursor: null } }),
    });
    renderApp('/agent/orders');
    await waitFor(() => expect(rowIds()).toEqual([2, 9]));
    expect(rows()[0]!.dataset.overdue).toBe('true');
    expect(within(rows()[0]!).getByTestId('staff-order-overdue').textContent).toMatch(
      /^Payout overdue by \d+ s$/,
    );
  });

  it('moves an order first and red on screen when it falls overdue as the clock runs', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      // Due in about two seconds: not overdue when the screen loads.
      const dueSoon = confirmed(2, 30 - 2 / 60);
      const newer = makeOrder({ id: 9, createdAt: ago(1), updatedAt: ago(1) });
      stubApi({
        'GET /api/agent/user': () => ({ body: agent }),
        'GET /api/orders': () => ({ body: { items: [newer, dueSoon], nextCursor: null } }),
      });
      renderApp('/agent/orders');
      await waitFor(() => expect(rowIds()).toEqual([9, 2]));
      expect(rows()[1]!.dataset.overdue).toBeUndefined();
      vi.advanceTimersByTime(3_000);
      await waitFor(() => expect(rowIds()).toEqual([2, 9]));
      expect(rows()[0]!.dataset.overdue).toBe('true');
      expect(within(rows()[0]!).getByTestId('staff-order-state').dataset.tone).toBe('red');
      expect(within(rows()[0]!).getByTestId('staff-order-overdue').textContent).toMatch(
        /^Payout overdue by \d s$/,
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('follows order events live: a payout clears the red, a new order arrives', async () => {
    const late = confirmed(3, 42);
    const older = makeOrder({ id: 1, state: 'completed', createdAt: ago(90), updatedAt: ago(60) });
    stubApi({
      'GET /api/agent/user': () => ({ body: agent }),
      'GET /api/orders': () => ({ body: { items: [late, older], nextCursor: null } }),
    });
    renderApp('/agent/orders');
    await waitFor(() => expect(rowIds()).toEqual([3, 1]));
    const socket = await goOnline();

    socket.event(
      later(
        orderUpdated({
          ...late,
          state: 'payout_sent',
          updatedAt: new Date().toISOString(),
          timeline: [...late.timeline, orderStep('payout_sent', { actor: 'agent', at: ago(0) })],
        }),
      ),
    );
    await waitFor(() =>
      expect(within(rows()[0]!).getByTestId('staff-order-state').textContent).toBe('Payout sent'),
    );
    expect(rows()[0]!.dataset.overdue).toBeUndefined();

    const created = makeOrder({ id: 8, createdAt: ago(0), updatedAt: ago(0) });
    socket.event(
      later({ id: 0, type: 'order.created', chatSessionId: created.chatSessionId, order: created }),
    );
    await waitFor(() => expect(rowIds()).toEqual([8, 3, 1]));
  });

  it('filters by state on the server, drops an order that leaves the state, and pages', async () => {
    const a = confirmed(6, 3);
    const b = confirmed(4, 2);
    const calls = stubApi({
      'GET /api/agent/user': () => ({ body: agent }),
      'GET /api/orders': (call) => {
        if (call.query.get('state') !== 'deposit_confirmed')
          return { body: { items: [makeOrder({ id: 7 })], nextCursor: null } };
        return call.query.get('cursor') === 'page-2'
          ? { body: { items: [b], nextCursor: null } }
          : { body: { items: [a], nextCursor: 'page-2' } };
      },
    });
    renderApp('/agent/orders');
    await waitFor(() => expect(rowIds()).toEqual([7]));
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'deposit_confirmed' } });
    await waitFor(() => expect(rowIds()).toEqual([6]));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rowIds()).toEqual([6, 4]));
    const orderCalls = calls.filter((c) => c.path === '/api/orders').map((c) => c.query);
    expect(orderCalls.map((q) => [q.get('state'), q.get('cursor')])).toEqual([
      [null, null],
      ['deposit_confirmed', null],
      ['deposit_confirmed', 'page-2'],
    ]);

    const socket = await goOnline();
    socket.event(
      later(orderUpdated({ ...a, state: 'payout_sent', updatedAt: new Date().toISOString() })),
    );
    await waitFor(() => expect(rowIds()).toEqual([4]));
  });

  it('lists the deposit problems from the server with each row’s reasons, live', async () => {
    const chain: OrderChain = {
      confirmations: 1,
      confirmationsRequired: 2,
      receivedCrypto: '0.00990000',
      firstSeenAt: ago(3),
      problem: "Received 0.0099 BTC: 0.0001 BTC (₦15,132.00) short of the order's 0.01 BTC",
      checkedAt: ago(1),
      differenceCrypto: '-0.00010000',
      differenceNaira: '-15132.00',
      problemKind: 'short',
      payoutHeld: false,
      confirmedByHand: false,
    };
    const short = makeOrder({
      id: 21,
      state: 'deposit_seen',
      txHash: 'a'.repeat(64),
      chain,
      expiresAt: ago(-10),
      createdAt: ago(5),
      updatedAt: ago(1),
    });
    const late = makeOrder({
      id: 22,
      state: 'deposit_seen',
      txHash: 'b'.repeat(64),
      chain: { ...chain, differenceCrypto: null, differenceNaira: null, firstSeenAt: ago(2) },
      expiresAt: ago(14),
      createdAt: ago(30),
      updatedAt: ago(1),
    });
    const flagged = makeOrder({
      id: 23,
      imageSeenBefore: {
        messageId: 5,
        chatSessionId: 41,
        seenAt: ago(600),
        kind: 'looks_alike',
        reference: null,
        orderReference: 'AC-4K7P2Q',
      },
      createdAt: ago(4),
      updatedAt: ago(4),
    });
    const calls = stubApi({
      'GET /api/agent/user': () => ({ body: agent }),
      'GET /api/orders': (call) =>
        call.query.get('attention') === 'deposit'
          ? { body: { items: [flagged, late, short], nextCursor: null } }
          : { body: { items: [], nextCursor: null } },
    });
    renderApp('/agent/orders');
    expect(await screen.findByText('No orders')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'deposit-problems' } });
    await waitFor(() => expect(rowIds()).toEqual([23, 22, 21]));
    expect(
      calls
        .filter((c) => c.path === '/api/orders')
        .at(-1)!
        .query.get('state'),
    ).toBeNull();
    const reasons = (id: number) =>
      within(rows().find((r) => Number(r.dataset.orderId) === id)!)
        .getAllByTestId('staff-order-attention')
        .map((r) => r.textContent);
    expect(reasons(21)).toEqual(['Short by 0.0001 BTC (₦15,132.00)']);
    expect(reasons(22)).toEqual(['Late: first seen 12 min after the rate lock ended']);
    expect(reasons(23)).toEqual(['Looks like the image on order AC-4K7P2Q']);

    // Re-quoted to the amount that came, the short order leaves the section; the flagged one
    // keeps its flag through live news that never carries it.
    const socket = await goOnline();
    socket.event(
      later(
        orderUpdated({
          ...short,
          state: 'requoted',
          chain: {
            ...chain,
            differenceCrypto: null,
            differenceNaira: null,
            problem: null,
            problemKind: null,
          },
          updatedAt: new Date().toISOString(),
        }),
      ),
    );
    socket.event(
      later(
        orderUpdated({
          ...flagged,
          imageSeenBefore: undefined,
          updatedAt: new Date().toISOString(),
        }),
      ),
    );
    await waitFor(() => expect(rowIds()).toEqual([23, 22]));
    expect(reasons(23)).toEqual(['Looks like the image on order AC-4K7P2Q']);
  });

  it('says so when there are no orders in a state', async () => {
    stubApi({
      'GET /api/agent/user': () => ({ body: agent }),
      'GET /api/orders': () => ({ body: { items: [], nextCursor: null } }),
    });
    renderApp('/agent/orders');
    expect(await screen.findByText('No orders')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'disputed' } });
    expect(await screen.findByText('No order is “Disputed” now.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'deposit-problems' } });
    expect(await screen.findByText('No open order has a deposit problem now.')).toBeTruthy();
  });
});

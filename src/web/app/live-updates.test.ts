import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../shared/api/orders';
import type { RealtimeEvent, ServerFrame } from '../../shared/api/realtime';
import { createQueryClient, NOT_LIVE_STALE_MS } from '../lib/query-client';
import { RealtimeClient, type RealtimeSource } from '../lib/realtime';
import { makeOrder } from '../testing/fixtures';
import { LIVE_QUERY_ROOTS, subscribeLiveUpdates } from './live-updates';

/** A WebSocket the test plays the server for. */
class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static all: FakeWebSocket[] = [];
  readyState = FakeWebSocket.OPEN;
  readonly sent: unknown[] = [];
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.all.push(this);
  }
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(): void {
    this.readyState = FakeWebSocket.CLOSED;
  }
  frame(frame: ServerFrame): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.({ code: 1006 });
  }
}

const CHAT_ORDERS = ['orders', 'chat', 7] as const;

function updated(id: number, order: Order): RealtimeEvent {
  return { id, type: 'order.updated', chatSessionId: order.chatSessionId, order };
}

function stateIn(queryClient: ReturnType<typeof createQueryClient>): string | undefined {
  return queryClient.getQueryData<Order[]>(CHAT_ORDERS)?.[0]?.state;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.all = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setup() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(CHAT_ORDERS, [makeOrder({ id: 1, state: 'deposit_seen' })]);
  const client = new RealtimeClient({ url: () => 'ws://test/api/ws', network: null });
  const stop = subscribeLiveUpdates(queryClient, client);
  const release = client.retain();
  return { queryClient, client, stop, release };
}

describe('the app’s live updates', () => {
  it('applies events with no screen listening, and resumes after the last event id on reconnect', () => {
    const { queryClient, release } = setup();
    const first = FakeWebSocket.all[0]!;
    first.frame({ type: 'hello', lastEventId: 10 });
    first.frame({ type: 'resumed', upTo: 10, complete: true });
    first.frame({
      type: 'event',
      event: updated(
        11,
        makeOrder({ id: 1, state: 'deposit_confirmed', updatedAt: '2026-11-22T09:00:00.000Z' }),
      ),
    });
    expect(stateIn(queryClient)).toBe('deposit_confirmed');

    // The socket drops; what happened meanwhile comes on the next one, after event 11.
    first.drop();
    vi.advanceTimersByTime(20_000);
    const second = FakeWebSocket.all[1]!;
    second.frame({ type: 'hello', lastEventId: 12 });
    expect(second.sent).toContainEqual({ type: 'resume', after: 11 });
    second.frame({
      type: 'event',
      event: updated(
        12,
        makeOrder({ id: 1, state: 'payout_sent', updatedAt: '2026-11-22T10:00:00.000Z' }),
      ),
    });
    second.frame({ type: 'resumed', upTo: 12, complete: true });
    expect(stateIn(queryClient)).toBe('payout_sent');
    expect(queryClient.getQueryState(CHAT_ORDERS)?.isInvalidated).toBe(false);
    release();
  });

  it('after a gap the socket cannot replay, loads the live queries again, and only those', () => {
    const { queryClient, release } = setup();
    queryClient.setQueryData(['payout-accounts'], []);
    const socket = FakeWebSocket.all[0]!;
    socket.frame({ type: 'hello', lastEventId: 10 });
    socket.frame({ type: 'resumed', upTo: 10, complete: true });
    socket.drop();
    vi.advanceTimersByTime(20_000);
    const next = FakeWebSocket.all[1]!;
    next.frame({ type: 'hello', lastEventId: 5_000 });
    next.frame({ type: 'resumed', upTo: 5_000, complete: false });
    expect(queryClient.getQueryState(CHAT_ORDERS)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['payout-accounts'])?.isInvalidated).toBe(false);
    release();
  });

  it('says in one place which queries the socket keeps fresh: those never go stale on a timer', () => {
    const queryClient = createQueryClient();
    const client = new RealtimeClient({ url: () => 'ws://test/api/ws', network: null });
    const stop = subscribeLiveUpdates(queryClient, client);
    expect(LIVE_QUERY_ROOTS).toContainEqual(['orders']);
    expect(queryClient.getQueryDefaults(CHAT_ORDERS).staleTime).toBe(Infinity);
    expect(queryClient.getQueryDefaults(['chat', 'messages', 7]).staleTime).toBe(Infinity);
    expect(queryClient.getQueryDefaults(['payout-accounts']).staleTime).toBeUndefined();
    expect(queryClient.getDefaultOptions().queries?.staleTime).toBe(NOT_LIVE_STALE_MS);
    stop();
  });

  it('subscribes once per query client, however many layers mount it', () => {
    const listeners = new Set<(event: RealtimeEvent) => void>();
    const source = {
      onEvent: (listener: (event: RealtimeEvent) => void) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
      onResync: () => () => undefined,
    } as unknown as RealtimeSource;
    const queryClient = createQueryClient();
    const stopFirst = subscribeLiveUpdates(queryClient, source);
    const stopSecond = subscribeLiveUpdates(queryClient, source);
    expect(listeners.size).toBe(1);
    stopFirst();
    expect(listeners.size).toBe(1);
    stopSecond();
    expect(listeners.size).toBe(0);
  });
});

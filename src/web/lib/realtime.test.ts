import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SOCKET_CLOSE_CODES,
  type RealtimeEvent,
  type ServerFrame,
} from '../../shared/api/realtime';
import { backoffDelay, RealtimeClient, type ConnectionState } from './realtime';

/** A WebSocket stand-in: the test plays the server, opening, sending and closing by hand. */
class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static all: FakeWebSocket[] = [];

  readyState = FakeWebSocket.CONNECTING;
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

  /** The server's side. */
  open(): void {
    this.readyState = FakeWebSocket.OPEN;
  }

  frame(frame: ServerFrame): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }

  drop(code = 1006): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.({ code });
  }

  /** The resume frames this socket sent. */
  resumes(): unknown[] {
    return this.sent.filter((f) => (f as { type: string }).type === 'resume');
  }
}

function latest(): FakeWebSocket {
  const socket = FakeWebSocket.all.at(-1);
  if (!socket) throw new Error('no socket was opened');
  return socket;
}

const CUSTOMER_ID = '2f1b7a8e-4c1d-4e5f-9a0b-1c2d3e4f5a6b';

function messageEvent(id: number, messageId = id): RealtimeEvent {
  return {
    id,
    type: 'message.created',
    chatSessionId: 7,
    message: {
      id: messageId,
      chatSessionId: 7,
      senderId: CUSTOMER_ID,
      senderRole: 'customer',
      content: `message ${messageId}`,
      messageType: 'text',
      attachment: null,
      clientMessageId: `c-${messageId}`,
      createdAt: '2026-11-22T08:00:00.000Z',
    },
  };
}

/** Connects a fresh socket the way the server does: hello, then resumed after the resume. */
function handshake(socket: FakeWebSocket, lastEventId: number, upTo = lastEventId): void {
  socket.open();
  socket.frame({ type: 'hello', lastEventId });
  socket.frame({ type: 'resumed', upTo, complete: true });
}

function setup(options: { random?: () => number } = {}) {
  const network = new EventTarget();
  const client = new RealtimeClient({
    url: () => 'ws://test/api/ws',
    network,
    random: options.random ?? (() => 0.5),
  });
  const events: number[] = [];
  const states: ConnectionState[] = [];
  const resyncs = vi.fn();
  client.onEvent((e) => events.push(e.id));
  client.onResync(resyncs);
  client.subscribeState(() => states.push(client.getState()));
  const release = client.retain();
  return { client, network, events, states, resyncs, release };
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

describe('backoffDelay', () => {
  it('grows exponentially up to a cap, with full jitter between half and all of it', () => {
    const low = (attempt: number) => backoffDelay(attempt, () => 0);
    const high = (attempt: number) => backoffDelay(attempt, () => 1);
    expect([0, 1, 2, 3, 4].map(low)).toEqual([250, 500, 1000, 2000, 4000]);
    expect([0, 1, 2, 3, 4].map(high)).toEqual([500, 1000, 2000, 4000, 8000]);
    expect(high(10)).toBe(15_000);
    expect(low(30)).toBe(7_500);
  });

  it('spreads clients over the window rather than sending them all at once', () => {
    const delays = new Set(Array.from({ length: 50 }, (_, i) => backoffDelay(3, () => i / 50)));
    expect(delays.size).toBe(50);
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(2000);
      expect(delay).toBeLessThanOrEqual(4000);
    }
  });
});

describe('RealtimeClient', () => {
  it("starts from the server's present on the first connection and goes online", () => {
    const { states } = setup();
    const socket = latest();
    expect(socket.url).toBe('ws://test/api/ws');
    socket.open();
    socket.frame({ type: 'hello', lastEventId: 41 });
    expect(socket.resumes()).toEqual([{ type: 'resume', after: 41 }]);
    socket.frame({ type: 'resumed', upTo: 41, complete: true });
    expect(states).toEqual(['online']);
  });

  it('delivers each event once, in order, ignoring repeats and older ids', () => {
    const { events } = setup();
    const socket = latest();
    handshake(socket, 10);
    socket.frame({ type: 'event', event: messageEvent(11) });
    socket.frame({ type: 'event', event: messageEvent(12) });
    socket.frame({ type: 'event', event: messageEvent(12) });
    socket.frame({ type: 'event', event: messageEvent(9) });
    socket.frame({ type: 'event', event: messageEvent(13) });
    expect(events).toEqual([11, 12, 13]);
  });

  it('after a drop, reconnects and asks for everything after the last event it saw', () => {
    const { events, states } = setup();
    const first = latest();
    handshake(first, 10);
    first.frame({ type: 'event', event: messageEvent(11) });
    first.frame({ type: 'event', event: messageEvent(12) });

    first.drop();
    expect(states.at(-1)).toBe('reconnecting');
    expect(FakeWebSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(backoffDelay(0, () => 0.5));
    const second = latest();
    expect(second).not.toBe(first);

    second.open();
    // Meanwhile the server moved on to 15; the client still asks from 12.
    second.frame({ type: 'hello', lastEventId: 15 });
    expect(second.resumes()).toEqual([{ type: 'resume', after: 12 }]);
    // The replay overlaps what it already had: the repeat is dropped.
    second.frame({ type: 'event', event: messageEvent(12) });
    second.frame({ type: 'event', event: messageEvent(13) });
    second.frame({ type: 'event', event: messageEvent(15) });
    second.frame({ type: 'resumed', upTo: 15, complete: true });
    expect(states.at(-1)).toBe('online');
    expect(events).toEqual([11, 12, 13, 15]);
  });

  it('when the instance drains (4503), reconnects at once and resumes after the last event', () => {
    const { events } = setup();
    const first = latest();
    handshake(first, 10);
    first.frame({ type: 'event', event: messageEvent(11) });
    first.drop(SOCKET_CLOSE_CODES.serverShuttingDown);
    // No timer: the new socket is open before any time passes.
    expect(FakeWebSocket.all).toHaveLength(2);
    const second = latest();
    second.open();
    second.frame({ type: 'hello', lastEventId: 13 });
    expect(second.resumes()).toEqual([{ type: 'resume', after: 11 }]);
    second.frame({ type: 'event', event: messageEvent(12) });
    second.frame({ type: 'event', event: messageEvent(13) });
    second.frame({ type: 'resumed', upTo: 13, complete: true });
    expect(events).toEqual([11, 12, 13]);
    // Should the next instance refuse too, the usual backoff applies: no tight loop.
    const third = (() => {
      second.drop(SOCKET_CLOSE_CODES.serverShuttingDown);
      return latest();
    })();
    third.drop(SOCKET_CLOSE_CODES.serverShuttingDown);
    expect(FakeWebSocket.all).toHaveLength(3);
    vi.advanceTimersByTime(backoffDelay(1, () => 0.5));
    expect(FakeWebSocket.all).toHaveLength(4);
  });

  it('ignores a socket it gave up on, even if that socket still speaks', () => {
    const { events } = setup();
    const first = latest();
    handshake(first, 10);
    first.drop();
    first.frame({ type: 'event', event: messageEvent(11) });
    expect(events).toEqual([]);
  });

  it('waits longer after each failed attempt, with jitter, and starts over once back online', () => {
    const random = vi.fn(() => 0.5);
    const { states } = setup({ random });
    const waits: number[] = [];
    let socket = latest();
    for (let attempt = 0; attempt < 4; attempt++) {
      socket.drop();
      const expected = backoffDelay(attempt, () => 0.5);
      vi.advanceTimersByTime(expected - 1);
      expect(latest()).toBe(socket);
      vi.advanceTimersByTime(1);
      expect(latest()).not.toBe(socket);
      socket = latest();
      waits.push(expected);
    }
    expect(waits).toEqual([375, 750, 1500, 3000]);
    expect(random).toHaveBeenCalledTimes(4);

    handshake(socket, 3);
    expect(states.at(-1)).toBe('online');
    socket.drop();
    vi.advanceTimersByTime(backoffDelay(0, () => 0.5));
    expect(latest()).not.toBe(socket);
  });

  it('on resumed with complete:false, continues from upTo and asks the screens to refetch', () => {
    const { events, resyncs } = setup();
    const first = latest();
    handshake(first, 10);
    first.drop();
    vi.advanceTimersByTime(1000);
    const second = latest();
    second.open();
    second.frame({ type: 'hello', lastEventId: 5000 });
    second.frame({ type: 'event', event: messageEvent(11) });
    second.frame({ type: 'resumed', upTo: 5000, complete: false });
    expect(resyncs).toHaveBeenCalledTimes(1);
    // Older events than upTo are not delivered again; newer ones are.
    second.frame({ type: 'event', event: messageEvent(4999) });
    second.frame({ type: 'event', event: messageEvent(5001) });
    expect(events).toEqual([11, 5001]);
  });

  it('when the server ends the session (4401), asks the screens to refetch, whose 401 signs in', () => {
    const { resyncs, states } = setup();
    const first = latest();
    handshake(first, 10);
    first.drop();
    expect(resyncs).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    const second = latest();
    handshake(second, 10);
    second.drop(SOCKET_CLOSE_CODES.sessionEnded);
    expect(resyncs).toHaveBeenCalledTimes(1);
    expect(states.at(-1)).toBe('reconnecting');
  });

  it("resyncs when the server's log is behind what it saw (a reset database)", () => {
    const { events, resyncs } = setup();
    const first = latest();
    handshake(first, 100);
    first.drop();
    vi.advanceTimersByTime(1000);
    const second = latest();
    second.open();
    second.frame({ type: 'hello', lastEventId: 3 });
    expect(second.resumes()).toEqual([{ type: 'resume', after: 3 }]);
    second.frame({ type: 'resumed', upTo: 3, complete: true });
    expect(resyncs).toHaveBeenCalledTimes(1);
    second.frame({ type: 'event', event: messageEvent(4) });
    expect(events).toEqual([4]);
  });

  it('drops the socket at once when the browser goes offline, and reconnects when back', () => {
    const { network, states } = setup();
    const first = latest();
    handshake(first, 10);
    network.dispatchEvent(new Event('offline'));
    expect(states.at(-1)).toBe('reconnecting');
    expect(first.readyState).toBe(FakeWebSocket.CLOSED);
    // Online again: no need to sit out the backoff.
    network.dispatchEvent(new Event('online'));
    const second = latest();
    expect(second).not.toBe(first);
    second.open();
    second.frame({ type: 'hello', lastEventId: 12 });
    expect(second.resumes()).toEqual([{ type: 'resume', after: 10 }]);
    // The backoff timer it replaced does not open a third socket.
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.all).toHaveLength(2);
  });

  it('gives up on a socket that answers nothing after a ping', () => {
    const { states } = setup();
    const socket = latest();
    handshake(socket, 10);
    vi.advanceTimersByTime(20_000);
    expect(socket.sent.at(-1)).toEqual({ type: 'ping' });
    socket.frame({ type: 'pong' });
    vi.advanceTimersByTime(15_000);
    expect(states.at(-1)).toBe('online');
    vi.advanceTimersByTime(5_000 + 10_000);
    expect(states.at(-1)).toBe('reconnecting');
  });

  it('watches the chats that show typing, hands each its own typing, and watches again after a drop', () => {
    const { client } = setup();
    const first = latest();
    const watches = (socket: FakeWebSocket) =>
      socket.sent.filter((f) => (f as { type: string }).type === 'watch');
    const heard: string[] = [];
    // Before the socket is online nothing is sent; the set goes once it is.
    const stopSeven = client.onTyping(7, (f) => heard.push(`7:${f.from}`));
    expect(watches(first)).toEqual([]);
    handshake(first, 1);
    expect(watches(first)).toEqual([{ type: 'watch', chatSessionIds: [7] }]);
    const stopEight = client.onTyping(8, (f) => heard.push(`8:${f.from}`));
    const alsoSeven = client.onTyping(7, () => heard.push('7 again'));
    expect(watches(first).at(-1)).toEqual({ type: 'watch', chatSessionIds: [7, 8] });
    expect(watches(first)).toHaveLength(2);

    const userId = CUSTOMER_ID;
    first.frame({ type: 'typing', chatSessionId: 8, from: 'customer', userId });
    first.frame({ type: 'typing', chatSessionId: 9, from: 'customer', userId });
    expect(heard).toEqual(['8:customer']);

    // A chat stays watched while any listener shows it.
    alsoSeven();
    expect(watches(first)).toHaveLength(2);
    stopEight();
    expect(watches(first).at(-1)).toEqual({ type: 'watch', chatSessionIds: [7] });

    // A new socket knows nothing of the last one's watch: the client says it again.
    first.drop();
    vi.advanceTimersByTime(backoffDelay(0, () => 0.5));
    const second = latest();
    handshake(second, 1);
    expect(watches(second)).toEqual([{ type: 'watch', chatSessionIds: [7] }]);
    stopSeven();
    expect(watches(second).at(-1)).toEqual({ type: 'watch', chatSessionIds: [] });
  });

  it('closes the socket when the last screen lets go, and does not reconnect', () => {
    const { client, release } = setup();
    const second = client.retain();
    const socket = latest();
    handshake(socket, 1);
    release();
    release();
    expect(socket.readyState).toBe(FakeWebSocket.OPEN);
    second();
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED);
    expect(client.getState()).toBe('connecting');
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.all).toHaveLength(1);
  });
});

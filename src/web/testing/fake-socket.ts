import { act, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { RealtimeEvent, ServerFrame } from '../../shared/api/realtime';

/**
 * A WebSocket the test drives (`vi.stubGlobal('WebSocket', FakeSocket)`): it records the
 * latest socket the page opened and plays the server's frames to it by hand.
 */
export class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static latest: FakeSocket | null = null;
  readyState = FakeSocket.OPEN;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.latest = this;
  }
  send() {}
  close() {
    this.readyState = FakeSocket.CLOSED;
  }
  receive(frame: ServerFrame) {
    act(() => this.onmessage?.({ data: JSON.stringify(frame) }));
  }
  event(event: RealtimeEvent) {
    this.receive({ type: 'event', event });
  }
}

/** The page's one realtime client remembers the last event id: each test starts beyond it. */
let lastEventId = 100_000;

/** An event id past every one the socket has seen. */
export function nextEventId(): number {
  return ++lastEventId;
}

/** `event` with an id past what the socket has seen. */
export function later(event: RealtimeEvent): RealtimeEvent {
  return { ...event, id: nextEventId() } as RealtimeEvent;
}

/** The page's socket, open and caught up; after a screen change, the new screen's socket. */
export async function goOnline(previous: FakeSocket | null = null): Promise<FakeSocket> {
  await waitFor(() => {
    expect(FakeSocket.latest).not.toBeNull();
    expect(FakeSocket.latest).not.toBe(previous);
  });
  const socket = FakeSocket.latest!;
  if (!previous) lastEventId += 10_000;
  socket.receive({ type: 'hello', lastEventId });
  socket.receive({ type: 'resumed', upTo: lastEventId, complete: true });
  return socket;
}

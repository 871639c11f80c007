import type { RealtimeEvent } from '../../shared/api/realtime';
import type { ConnectionState, RealtimeSource, TypingFrame } from '../lib/realtime';

type Listener<T extends unknown[] = []> = (...args: T) => void;

function subscribe<T extends unknown[]>(set: Set<Listener<T>>, listener: Listener<T>) {
  set.add(listener);
  return () => void set.delete(listener);
}

/**
 * Stands in for the page's realtime client in component tests: `renderWithApp` provides it
 * (testing/test-providers.tsx). The test sets the connection state, plays events and resyncs to
 * the screens listening. Whole-app tests (`renderApp`) keep the real client on a FakeSocket.
 */
class FakeRealtime implements RealtimeSource {
  state: ConnectionState = 'online';
  readonly eventListeners = new Set<Listener<[RealtimeEvent]>>();
  readonly resyncListeners = new Set<Listener>();
  readonly stateListeners = new Set<Listener>();
  /** Per chat, the listeners of its typing: the chats the screens watch. */
  readonly typingListeners = new Map<number, Set<Listener<[TypingFrame]>>>();
  /** The chats the viewer said "typing" in, in order. */
  sentTyping: number[] = [];

  reset(): void {
    this.state = 'online';
    this.eventListeners.clear();
    this.resyncListeners.clear();
    this.stateListeners.clear();
    this.typingListeners.clear();
    this.sentTyping = [];
  }

  /** The other side types (a `typing` frame from the server, which comes for watched chats only). */
  emitTyping(frame: Omit<TypingFrame, 'type'>): void {
    for (const l of this.typingListeners.get(frame.chatSessionId) ?? []) {
      l({ type: 'typing', ...frame });
    }
  }

  /** The chats the screens watch for typing now. */
  watching(): number[] {
    return [...this.typingListeners.keys()];
  }

  setState(state: ConnectionState): void {
    this.state = state;
    for (const l of this.stateListeners) l();
  }

  emit(event: RealtimeEvent): void {
    for (const l of this.eventListeners) l(event);
  }

  resync(): void {
    for (const l of this.resyncListeners) l();
  }

  retain = () => () => undefined;
  onEvent = (listener: Listener<[RealtimeEvent]>) => subscribe(this.eventListeners, listener);
  onResync = (listener: Listener) => subscribe(this.resyncListeners, listener);
  subscribeState = (listener: Listener) => subscribe(this.stateListeners, listener);
  getState = () => this.state;
  onTyping = (chatSessionId: number, listener: Listener<[TypingFrame]>) => {
    let listeners = this.typingListeners.get(chatSessionId);
    if (!listeners) this.typingListeners.set(chatSessionId, (listeners = new Set()));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.typingListeners.delete(chatSessionId);
    };
  };
  sendTyping = (chatSessionId: number) => void this.sentTyping.push(chatSessionId);
}

export const fakeRealtime = new FakeRealtime();

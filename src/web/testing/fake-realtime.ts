import { useEffect, useSyncExternalStore } from 'react';
import type { RealtimeEvent } from '../../shared/api/realtime';
import type { ConnectionState, TypingFrame } from '../lib/realtime';

/**
 * Stands in for the page's realtime client (the test `vi.mock`s `lib/realtime` with
 * `useFakeRealtime`): the test sets the connection state, plays events and resyncs to the
 * screens listening.
 */
export const fakeRealtime = {
  state: 'online' as ConnectionState,
  eventListeners: new Set<(event: RealtimeEvent) => void>(),
  resyncListeners: new Set<() => void>(),
  stateListeners: new Set<() => void>(),
  reset() {
    this.state = 'online';
    this.eventListeners.clear();
    this.resyncListeners.clear();
    this.stateListeners.clear();
  },
  setState(state: ConnectionState) {
    this.state = state;
    for (const l of this.stateListeners) l();
  },
  emit(event: RealtimeEvent) {
    for (const l of this.eventListeners) l(event);
  },
  resync() {
    for (const l of this.resyncListeners) l();
  },
};

/** `useRealtime` backed by `fakeRealtime`. */
export function useFakeRealtime(
  onEvent: (event: RealtimeEvent) => void,
  onResync?: () => void,
): ConnectionState {
  useEffect(() => {
    fakeRealtime.eventListeners.add(onEvent);
    return () => void fakeRealtime.eventListeners.delete(onEvent);
  }, [onEvent]);
  useEffect(() => {
    if (!onResync) return;
    fakeRealtime.resyncListeners.add(onResync);
    return () => void fakeRealtime.resyncListeners.delete(onResync);
  }, [onResync]);
  return useSyncExternalStore(
    (listener) => {
      fakeRealtime.stateListeners.add(listener);
      return () => void fakeRealtime.stateListeners.delete(listener);
    },
    () => fakeRealtime.state,
  );
}

/**
 * Stands in for the page's `realtime` client where screens use it directly (typing): the test
 * plays the other side's typing and reads what the viewer sent.
 */
export const fakeRealtimeClient = {
  typingListeners: new Set<(frame: TypingFrame) => void>(),
  sentTyping: [] as number[],
  onTyping(listener: (frame: TypingFrame) => void): () => void {
    this.typingListeners.add(listener);
    return () => void this.typingListeners.delete(listener);
  },
  sendTyping(chatSessionId: number): void {
    this.sentTyping.push(chatSessionId);
  },
  emitTyping(frame: Omit<TypingFrame, 'type'>): void {
    for (const l of this.typingListeners) l({ type: 'typing', ...frame });
  },
  reset(): void {
    this.typingListeners.clear();
    this.sentTyping = [];
  },
};

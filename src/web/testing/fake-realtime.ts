import type { RealtimeEvent } from '../../shared/api/realtime';
import type { ConnectionState, RealtimeSource } from '../lib/realtime';

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

  reset(): void {
    this.state = 'online';
    this.eventListeners.clear();
    this.resyncListeners.clear();
    this.stateListeners.clear();
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
}

export const fakeRealtime = new FakeRealtime();

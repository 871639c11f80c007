import { useEffect, useSyncExternalStore } from 'react';
import { serverFrameSchema, type RealtimeEvent, type ServerFrame } from '../../shared/api/chat';

export type ConnectionState = 'connecting' | 'online' | 'reconnecting';

type EventListener = (event: RealtimeEvent) => void;
/** Called when the client may have missed events it cannot replay: refetch what you show. */
type ResyncListener = () => void;

const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 15_000;
const PING_EVERY_MS = 20_000;

/** Full jitter: a random wait up to an exponentially growing cap, so clients do not stampede. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const cap = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt);
  return Math.round(cap / 2 + (random() * cap) / 2);
}

/**
 * One WebSocket to /api/ws for the whole page. It remembers the last event id it saw; after
 * a drop it reconnects with backoff and jitter and asks for everything after that id, so no
 * event is lost. Each event reaches listeners once, in id order.
 */
export class RealtimeClient {
  private socket: WebSocket | null = null;
  private lastEventId: number | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private state: ConnectionState = 'connecting';
  private readonly eventListeners = new Set<EventListener>();
  private readonly resyncListeners = new Set<ResyncListener>();
  private readonly stateListeners = new Set<() => void>();
  private users = 0;

  constructor(private readonly url: () => string = defaultUrl) {}

  getState = (): ConnectionState => this.state;

  subscribeState = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  onEvent(listener: EventListener): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  onResync(listener: ResyncListener): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  /** Screens that need live data retain the client; the socket closes when none does. */
  retain(): () => void {
    this.users++;
    if (this.users === 1) this.connect();
    return () => {
      this.users--;
      if (this.users === 0) this.disconnect();
    };
  }

  private setState(state: ConnectionState): void {
    if (this.state === state) return;
    this.state = state;
    for (const listener of this.stateListeners) listener();
  }

  private connect(): void {
    clearTimeout(this.timer);
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.onmessage = (message) => {
      const parsed = serverFrameSchema.safeParse(JSON.parse(String(message.data)));
      if (parsed.success) this.handle(parsed.data);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearInterval(this.pingTimer);
      if (this.users === 0) return;
      this.setState('reconnecting');
      this.timer = setTimeout(() => this.connect(), backoffDelay(this.attempt++));
    };
    socket.onerror = () => socket.close();
  }

  private disconnect(): void {
    clearTimeout(this.timer);
    clearInterval(this.pingTimer);
    const socket = this.socket;
    this.socket = null;
    socket?.close();
    this.setState('connecting');
  }

  private send(frame: object): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  private handle(frame: ServerFrame): void {
    switch (frame.type) {
      case 'hello': {
        // A first connection starts from now (screens load their data over HTTP);
        // a reconnection asks for everything after the last event it saw.
        this.send({ type: 'resume', after: this.lastEventId ?? frame.lastEventId });
        this.lastEventId ??= frame.lastEventId;
        break;
      }
      case 'resumed': {
        this.attempt = 0;
        this.setState('online');
        clearInterval(this.pingTimer);
        this.pingTimer = setInterval(() => this.send({ type: 'ping' }), PING_EVERY_MS);
        if (!frame.complete) {
          this.lastEventId = frame.upTo;
          for (const listener of this.resyncListeners) listener();
        }
        break;
      }
      case 'event': {
        const { event } = frame;
        if (this.lastEventId !== null && event.id <= this.lastEventId) return;
        this.lastEventId = event.id;
        for (const listener of this.eventListeners) listener(event);
        break;
      }
      case 'pong':
        break;
    }
  }
}

function defaultUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/api/ws`;
}

/** The page's one realtime client. */
export const realtime = new RealtimeClient();

/** Keeps the socket open while the calling screen is mounted, and calls `onEvent` for each event. */
export function useRealtime(onEvent: EventListener, onResync?: ResyncListener): ConnectionState {
  useEffect(() => realtime.retain(), []);
  useEffect(() => realtime.onEvent(onEvent), [onEvent]);
  useEffect(() => (onResync ? realtime.onResync(onResync) : undefined), [onResync]);
  return useSyncExternalStore(realtime.subscribeState, realtime.getState);
}

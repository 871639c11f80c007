import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import {
  MAX_WATCHED_CHATS,
  SOCKET_CLOSE_CODES,
  serverFrameSchema,
  type RealtimeEvent,
  type ServerFrame,
} from '../../shared/api/realtime';

export type ConnectionState = 'connecting' | 'online' | 'reconnecting';

type EventListener = (event: RealtimeEvent) => void;
export type TypingFrame = Extract<ServerFrame, { type: 'typing' }>;
type TypingListener = (frame: TypingFrame) => void;
/** Called when the client may have missed events it cannot replay: refetch what you show. */
type ResyncListener = () => void;

const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 15_000;
const PING_EVERY_MS = 20_000;
/** A socket that answers nothing this long after a ping is dead (a half-open connection). */
const PONG_TIMEOUT_MS = 10_000;

/** Full jitter: a random wait up to an exponentially growing cap, so clients do not stampede. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const cap = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt);
  return Math.round(cap / 2 + (random() * cap) / 2);
}

export interface RealtimeClientOptions {
  url?: () => string;
  /**
   * Where the browser announces `online` and `offline` (the window). A socket whose network
   * went away may stay "open" and silent for minutes, so going offline drops it at once,
   * and coming back online reconnects at once instead of after the backoff.
   */
  network?: EventTarget | null;
  random?: () => number;
}

/**
 * One WebSocket to /api/ws for the whole page. It remembers the last event id it saw; after
 * a drop it reconnects with backoff and jitter and asks for everything after that id, so no
 * event is lost. Each event reaches listeners once, in id order.
 */
export class RealtimeClient {
  private socket: WebSocket | null = null;
  private lastEventId: number | null = null;
  /** Set when the server's log no longer reaches back to what we saw: refetch on resume. */
  private mustResync = false;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private state: ConnectionState = 'connecting';
  private readonly eventListeners = new Set<EventListener>();
  private readonly resyncListeners = new Set<ResyncListener>();
  /** Per chat, who shows its "typing…": the server sends typing for these chats only. */
  private readonly typingListeners = new Map<number, Set<TypingListener>>();
  private readonly stateListeners = new Set<() => void>();
  private users = 0;
  private readonly url: () => string;
  private readonly network: EventTarget | null;
  private readonly random: () => number;

  constructor(options: RealtimeClientOptions = {}) {
    this.url = options.url ?? defaultUrl;
    this.network =
      options.network !== undefined
        ? options.network
        : typeof window === 'undefined'
          ? null
          : window;
    this.random = options.random ?? Math.random;
  }

  getState = (): ConnectionState => this.state;

  subscribeState = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  onEvent(listener: EventListener): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /**
   * Someone typing in `chatSessionId` (ephemeral: not an event, never replayed). While any
   * listener is on a chat, the socket watches it: the server sends typing only for watched chats.
   */
  onTyping(chatSessionId: number, listener: TypingListener): () => void {
    let listeners = this.typingListeners.get(chatSessionId);
    if (!listeners) {
      this.typingListeners.set(chatSessionId, (listeners = new Set()));
      this.sendWatching();
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size > 0 || this.typingListeners.get(chatSessionId) !== listeners) return;
      this.typingListeners.delete(chatSessionId);
      this.sendWatching();
    };
  }

  /** Tells the server which chats this page shows (again after every resume: a new socket). */
  private sendWatching(): void {
    if (this.state !== 'online') return;
    const chatSessionIds = [...this.typingListeners.keys()].slice(-MAX_WATCHED_CHATS);
    this.send({ type: 'watch', chatSessionIds });
  }

  /** Tells the chat's other side the viewer is typing (dropped while the socket is down). */
  sendTyping(chatSessionId: number): void {
    if (this.state === 'online') this.send({ type: 'typing', chatSessionId });
  }

  onResync(listener: ResyncListener): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  /** Screens that need live data retain the client; the socket closes when none does. */
  retain(): () => void {
    this.users++;
    if (this.users === 1) {
      this.network?.addEventListener('offline', this.handleOffline);
      this.network?.addEventListener('online', this.handleOnline);
      this.connect();
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.users--;
      if (this.users === 0) {
        this.network?.removeEventListener('offline', this.handleOffline);
        this.network?.removeEventListener('online', this.handleOnline);
        this.disconnect();
      }
    };
  }

  private readonly handleOffline = (): void => {
    if (this.socket) this.lost(this.socket);
  };

  private readonly handleOnline = (): void => {
    if (this.users === 0 || this.socket) return;
    this.attempt = 0;
    this.connect();
  };

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
      if (this.socket !== socket) return;
      clearTimeout(this.pongTimer);
      let data: unknown;
      try {
        data = JSON.parse(String(message.data));
      } catch {
        return;
      }
      const parsed = serverFrameSchema.safeParse(data);
      if (parsed.success) this.handle(parsed.data);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      // A draining instance: another one takes the socket now. Should that fail too, the
      // backoff applies as usual (the attempt count goes on).
      this.lost(socket, event.code === SOCKET_CLOSE_CODES.serverShuttingDown);
      // The server ended the session (sign-out, deactivation, ban): what the screens show may no
      // longer be theirs to see. They refetch; the 401 that answers signs the user in again.
      if (event.code === SOCKET_CLOSE_CODES.sessionEnded) {
        for (const listener of this.resyncListeners) listener();
      }
    };
    socket.onerror = () => this.lost(socket);
  }

  /**
   * The socket closed, failed or went silent: forget it and try again after a backoff, or at
   * once when the server said it is draining.
   */
  private lost(socket: WebSocket, immediately = false): void {
    if (this.socket !== socket) return;
    this.socket = null;
    this.stopTimers();
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    if (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN) {
      socket.close();
    }
    if (this.users === 0) return;
    this.setState('reconnecting');
    if (immediately && this.attempt === 0) {
      this.attempt++;
      this.connect();
      return;
    }
    this.timer = setTimeout(() => this.connect(), backoffDelay(this.attempt++, this.random));
  }

  private disconnect(): void {
    clearTimeout(this.timer);
    this.stopTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onmessage = null;
      socket.onclose = null;
      socket.onerror = null;
      socket.close();
    }
    this.setState('connecting');
  }

  private stopTimers(): void {
    clearInterval(this.pingTimer);
    clearTimeout(this.pongTimer);
  }

  private send(frame: object): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  private ping(): void {
    const socket = this.socket;
    if (!socket) return;
    this.send({ type: 'ping' });
    clearTimeout(this.pongTimer);
    this.pongTimer = setTimeout(() => this.lost(socket), PONG_TIMEOUT_MS);
  }

  private handle(frame: ServerFrame): void {
    switch (frame.type) {
      case 'hello': {
        if (this.lastEventId !== null && frame.lastEventId < this.lastEventId) {
          // The server's log is behind what we saw (its database was reset or restored):
          // continue from its present and have the screens refetch.
          this.lastEventId = frame.lastEventId;
          this.mustResync = true;
        }
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
        this.pingTimer = setInterval(() => this.ping(), PING_EVERY_MS);
        if (this.typingListeners.size > 0) this.sendWatching();
        if (!frame.complete || this.mustResync) {
          this.mustResync = false;
          this.lastEventId = Math.max(this.lastEventId ?? 0, frame.upTo);
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
      case 'typing':
        for (const listener of this.typingListeners.get(frame.chatSessionId) ?? []) {
          listener(frame);
        }
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

/** What screens use of a realtime connection: the page's client, or a test's stand-in. */
export type RealtimeSource = Pick<
  RealtimeClient,
  'retain' | 'onEvent' | 'onResync' | 'subscribeState' | 'getState' | 'onTyping' | 'sendTyping'
>;

const RealtimeContext = createContext<RealtimeSource>(realtime);

/** Gives the screens below another source than the page's client (component tests). */
export const RealtimeProvider = RealtimeContext.Provider;

/** The page's realtime source (the client, or a test's stand-in). */
export function useRealtimeSource(): RealtimeSource {
  return useContext(RealtimeContext);
}

/**
 * Keeps the socket open while the calling screen is mounted, and says how it is connected.
 * The events themselves reach the caches through the app's one subscription
 * (app/live-updates.tsx), whichever screens are mounted: none subscribes on its own.
 */
export function useLiveConnection(): ConnectionState {
  const source = useContext(RealtimeContext);
  useEffect(() => source.retain(), [source]);
  return useSyncExternalStore(source.subscribeState, source.getState);
}

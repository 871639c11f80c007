import WebSocket from 'ws';
import { serverFrameSchema, type RealtimeEvent } from '../../../src/shared/api/realtime';

/**
 * A realtime client that behaves like the web app's: it resumes after the last event id it has,
 * and when its socket drops (or cannot be opened) it reconnects with a short backoff and
 * resumes again. It keeps every event frame as it arrived, duplicates included, so tests can
 * check that nothing is missing, repeated or out of order.
 */
export class ResumingSocket {
  /** Every event received, in arrival order, across all connections. */
  readonly events: RealtimeEvent[] = [];
  /** The highest event id received; resumes start after it. */
  lastEventId = 0;
  /** Sockets opened so far (1 + reconnects). */
  connections = 0;
  /** `resumed` frames that said the server could not send everything (too far behind). */
  incompleteResumes = 0;
  /** Events a reconnected socket received as part of its resume: what it had missed. */
  replayed = 0;
  private ws: WebSocket | undefined;
  private liveSocket: WebSocket | undefined;
  private closing = false;
  private failures = 0;
  private resumedCount = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private waiters = new Set<() => void>();

  private constructor(
    private readonly url: () => string,
    private readonly cookie: string,
  ) {}

  /**
   * Opens the socket and resumes after `after` (default: the newest event when it connects);
   * resolves once the first resume is done. `url` is read at every (re)connect.
   */
  static async open(
    url: () => string,
    cookie: string,
    options: { after?: number } = {},
  ): Promise<ResumingSocket> {
    const socket = new ResumingSocket(url, cookie);
    if (options.after !== undefined) socket.lastEventId = options.after;
    socket.connect(options.after === undefined);
    await socket.waitFor(() => socket.resumedCount > 0, 'the first resume', 30_000);
    return socket;
  }

  /** Whether a socket is open and has resumed: live events flow to it now. */
  get live(): boolean {
    return this.liveSocket !== undefined && this.liveSocket === this.ws;
  }

  private connect(fromHello: boolean): void {
    const base = this.url();
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/ws`, {
      headers: { cookie: this.cookie, origin: base },
    });
    this.ws = ws;
    this.connections++;
    let resuming = true;
    ws.on('message', (data) => {
      const frame = serverFrameSchema.parse(JSON.parse(String(data)));
      if (frame.type === 'hello') {
        const after = fromHello ? frame.lastEventId : this.lastEventId;
        if (fromHello) this.lastEventId = frame.lastEventId;
        fromHello = false;
        ws.send(JSON.stringify({ type: 'resume', after }));
      } else if (frame.type === 'event') {
        if (resuming && this.resumedCount > 0) this.replayed++;
        this.events.push(frame.event);
        this.lastEventId = Math.max(this.lastEventId, frame.event.id);
      } else if (frame.type === 'resumed') {
        resuming = false;
        this.liveSocket = ws;
        this.failures = 0;
        this.resumedCount++;
        if (!frame.complete) this.incompleteResumes++;
      }
      this.wake();
    });
    // 'error' is always followed by 'close'; the reconnect happens there.
    ws.on('error', () => undefined);
    ws.on('close', () => {
      if (this.ws === ws) this.ws = undefined;
      if (this.liveSocket === ws) this.liveSocket = undefined;
      if (this.closing) return;
      this.failures++;
      const delay = Math.min(50 * 2 ** this.failures, 1_000);
      this.reconnectTimer = setTimeout(() => this.connect(fromHello), delay);
    });
  }

  private wake(): void {
    for (const waiter of this.waiters) waiter();
  }

  async waitFor(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
    if (check()) return;
    await new Promise<void>((resolve, reject) => {
      const waiter = () => {
        if (!check()) return;
        this.waiters.delete(waiter);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(
          new Error(
            `timed out after ${timeoutMs} ms waiting for ${what} (${this.events.length} events, ${this.connections} connections)`,
          ),
        );
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  /** The ids of the chat messages received, in arrival order. */
  messageIds(): number[] {
    return this.events.flatMap((e) => (e.type === 'message.created' ? [e.message.id] : []));
  }

  /** Waits until every one of `ids` has arrived as a message.created event. */
  async waitForMessages(ids: readonly number[], what: string, timeoutMs?: number): Promise<void> {
    const want = new Set(ids);
    await this.waitFor(
      () => {
        const have = new Set(this.messageIds());
        for (const id of want) if (!have.has(id)) return false;
        return true;
      },
      `${ids.length} messages ${what}`,
      timeoutMs,
    );
  }

  close(): void {
    this.closing = true;
    clearTimeout(this.reconnectTimer);
    this.ws?.close();
  }
}

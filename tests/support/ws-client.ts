import WebSocket from 'ws';
import {
  serverFrameSchema,
  type RealtimeEvent,
  type ServerFrame,
} from '../../src/shared/api/realtime';

/** A realtime client as the web app uses it: connects with the session cookie, resumes, collects events. */
export class TestSocket {
  readonly frames: ServerFrame[] = [];
  private waiters: { check: () => boolean; resolve: () => void }[] = [];
  closed: { code: number; reason: string } | null = null;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(serverFrameSchema.parse(JSON.parse(String(data))));
      this.wake();
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
      this.wake();
    });
  }

  static async connect(
    baseUrl: string,
    cookie: string,
    options: { origin?: string } = {},
  ): Promise<TestSocket> {
    const url = `${baseUrl.replace(/^http/, 'ws')}/api/ws`;
    const ws = new WebSocket(url, { headers: { cookie, origin: options.origin ?? baseUrl } });
    const socket = new TestSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', (_req, res) =>
        reject(new Error(`socket refused: ${res.statusCode}`)),
      );
      ws.once('error', reject);
    });
    return socket;
  }

  private wake(): void {
    this.waiters = this.waiters.filter((w) => {
      if (w.check()) w.resolve();
      return !w.check();
    });
  }

  async waitFor(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
    if (check()) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), timeoutMs);
      this.waiters.push({
        check,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  get events(): RealtimeEvent[] {
    return this.frames.flatMap((f) => (f.type === 'event' ? [f.event] : []));
  }

  /** Waits for the hello, then resumes after `after` (or from now) and waits until resumed. */
  async resume(after?: number): Promise<void> {
    await this.waitFor(() => this.frames.some((f) => f.type === 'hello'), 'hello');
    const hello = this.frames.find((f) => f.type === 'hello') as { lastEventId: number };
    const count = this.frames.filter((f) => f.type === 'resumed').length;
    this.ws.send(JSON.stringify({ type: 'resume', after: after ?? hello.lastEventId }));
    await this.waitFor(
      () => this.frames.filter((f) => f.type === 'resumed').length > count,
      'resumed',
    );
  }

  async waitForEvent(
    check: (e: RealtimeEvent) => boolean,
    what: string,
    timeoutMs?: number,
  ): Promise<RealtimeEvent> {
    await this.waitFor(() => this.events.some(check), what, timeoutMs);
    return this.events.find(check)!;
  }

  close(): void {
    this.ws.close();
  }
}

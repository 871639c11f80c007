import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/**
 * The database's NOTIFY messages, heard by this process. Register handlers before `start`.
 * `live` is false while notifications may be missed (the connection was lost and is being made
 * again); whoever relies on them hears `onLive(false)` then `onLive(true)` and catches up.
 */
export interface Notifications {
  readonly live: boolean;
  on(channel: string, handler: (payload: string) => void): void;
  onLive(handler: (live: boolean) => void): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

class Handlers {
  readonly channels = new Map<string, ((payload: string) => void)[]>();
  readonly liveHandlers: ((live: boolean) => void)[] = [];

  on(channel: string, handler: (payload: string) => void): void {
    const list = this.channels.get(channel) ?? [];
    list.push(handler);
    this.channels.set(channel, list);
  }

  notify(channel: string, payload: string): void {
    for (const handler of this.channels.get(channel) ?? []) handler(payload);
  }

  setLive(live: boolean): void {
    for (const handler of this.liveHandlers) handler(live);
  }
}

/**
 * PGlite runs in this process and tells its listeners at commit, before the committing query
 * returns, so nothing here can be missed or late. With PGlite in a worker (decision 041) the
 * worker posts each notification before the committing query's answer, on the same port, so it
 * still arrives first.
 */
export class PgliteNotifications implements Notifications {
  private readonly handlers = new Handlers();
  private readonly unlisten: (() => Promise<void>)[] = [];

  constructor(private readonly client: Pick<PGlite, 'listen'>) {}

  get live(): boolean {
    return true;
  }

  on(channel: string, handler: (payload: string) => void): void {
    this.handlers.on(channel, handler);
  }

  onLive(handler: (live: boolean) => void): void {
    this.handlers.liveHandlers.push(handler);
  }

  async start(): Promise<void> {
    for (const channel of this.handlers.channels.keys()) {
      this.unlisten.push(
        await this.client.listen(channel, (payload) => this.handlers.notify(channel, payload)),
      );
    }
    this.handlers.setLive(true);
  }

  async stop(): Promise<void> {
    for (const unlisten of this.unlisten.splice(0)) await unlisten().catch(() => undefined);
  }
}

/**
 * One connection of its own that LISTENs to every registered channel. When it drops (or stops
 * answering the heartbeat) it says so and reconnects with backoff; `start` fails if the first
 * connection cannot be made.
 */
export class PostgresNotifications implements Notifications {
  private readonly handlers = new Handlers();
  private client: pg.Client | null = null;
  private stopped = false;
  private reconnectTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly logger: FastifyBaseLogger,
  ) {}

  get live(): boolean {
    return this.client !== null;
  }

  on(channel: string, handler: (payload: string) => void): void {
    this.handlers.on(channel, handler);
  }

  onLive(handler: (live: boolean) => void): void {
    this.handlers.liveHandlers.push(handler);
  }

  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 5_000 });
    client.on('notification', (message) => {
      if (this.client === client) this.handlers.notify(message.channel, message.payload ?? '');
    });
    const lost = (error?: unknown) => {
      if (this.client !== client) return;
      this.client = null;
      client.removeAllListeners('end');
      void client.end().catch(() => undefined);
      if (this.stopped) return;
      this.logger.warn({ err: error }, 'database notifications: connection lost; reconnecting');
      this.handlers.setLive(false);
      this.scheduleReconnect(500);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      for (const channel of this.handlers.channels.keys()) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.stopped) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    // A connection that silently died raises nothing: ask it something now and then.
    const heartbeat = setInterval(() => {
      if (this.client !== client) return clearInterval(heartbeat);
      const timeout = setTimeout(
        () => lost(new Error('notification connection stopped answering')),
        5_000,
      );
      client.query('select 1').then(
        () => clearTimeout(timeout),
        (error: unknown) => {
          clearTimeout(timeout);
          lost(error);
        },
      );
    }, 15_000);
    heartbeat.unref();
    this.handlers.setLive(true);
  }

  private scheduleReconnect(delayMs: number): void {
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(async () => {
      if (this.stopped) return;
      try {
        await this.connect();
        this.logger.info('database notifications: resumed');
      } catch (error) {
        this.logger.warn({ err: error }, 'database notifications: reconnect failed');
        this.scheduleReconnect(Math.min(delayMs * 2, 10_000));
      }
    }, delayMs);
    this.reconnectTimer.unref();
  }
}

import { and, asc, desc, eq, gt, lt, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { RealtimeEvent, ServerFrame } from '../../../shared/api/chat';
import type { Database } from '../../db/client';
import { realtimeEvents } from '../../db/schema';
import type { SessionUser } from '../sessions';
import { EVENTS_CHANNEL, type EventLog } from './events';

/** The most a resume sends; a client further behind refetches what it shows. */
export const RESUME_LIMIT = 1000;
const PULL_BATCH = 500;
/** A socket that cannot keep up is dropped; it reconnects and resumes. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const EVENT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

type EventRow = typeof realtimeEvents.$inferSelect;

export interface Subscriber {
  user: SessionUser;
  tokenHash: string;
  send(frame: ServerFrame): void;
  bufferedAmount(): number;
  close(code: number, reason: string): void;
  /** Highest event id sent; -1 until the client has resumed. */
  lastSentId: number;
  /** Live events that arrived while the resume was being read. */
  pending: EventRow[] | null;
}

function canSee(user: SessionUser, row: EventRow): boolean {
  if (user.isAdmin && user.isActive) return true;
  if (row.audience === 'admins') return false;
  if ((user.isAgent || user.isAdmin) && user.isActive) return true;
  return row.customerId !== null && row.customerId === user.id;
}

function visibleTo(user: SessionUser): SQL | undefined {
  if (user.isAdmin) return undefined;
  if (user.isAgent) return eq(realtimeEvents.audience, 'all');
  return eq(realtimeEvents.customerId, user.id);
}

export function toEvent(row: EventRow): RealtimeEvent {
  return { ...row.payload, id: row.id, type: row.type } as RealtimeEvent;
}

/**
 * Fans committed events out to the open sockets that may see them. On PostgreSQL it LISTENs
 * (ids only in the payload) and reads the rows; after its connection drops it reconnects and
 * reads everything after the last id it had, so nothing is lost across instances.
 */
export class RealtimeHub {
  private readonly subscribers = new Set<Subscriber>();
  private cursor = 0;
  private pulling: Promise<void> | null = null;
  private again = false;
  private listener: pg.Client | null = null;
  private stopped = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private pruneTimer: NodeJS.Timeout | undefined;
  private unsubscribeCommit: (() => void) | undefined;

  constructor(
    private readonly database: Database,
    private readonly events: EventLog,
    private readonly logger: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.cursor = await this.latestId();
    this.unsubscribeCommit = this.events.onCommit(() => this.pull());
    if (this.database.kind === 'postgres') await this.listen();
    this.pruneTimer = setInterval(() => void this.prune(), 60 * 60 * 1000);
    this.pruneTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribeCommit?.();
    clearTimeout(this.reconnectTimer);
    clearInterval(this.pruneTimer);
    for (const s of this.subscribers) s.close(1001, 'Server shutting down');
    this.subscribers.clear();
    await this.pulling;
    await this.listener?.end().catch(() => undefined);
  }

  get size(): number {
    return this.subscribers.size;
  }

  async latestId(): Promise<number> {
    const [row] = await this.database.db
      .select({ id: realtimeEvents.id })
      .from(realtimeEvents)
      .orderBy(desc(realtimeEvents.id))
      .limit(1);
    return row?.id ?? 0;
  }

  add(subscriber: Subscriber): void {
    this.subscribers.add(subscriber);
  }

  remove(subscriber: Subscriber): void {
    this.subscribers.delete(subscriber);
  }

  /** Closes every socket of a user (deactivation) or of one sign-in session (logout). */
  disconnect(match: { userId?: string; tokenHash?: string }, reason: string): void {
    for (const s of this.subscribers) {
      if (s.user.id === match.userId || s.tokenHash === match.tokenHash) {
        s.close(4401, reason);
        this.subscribers.delete(s);
      }
    }
  }

  /** Updates what the hub knows of a user (status, roles) on their open sockets. */
  refreshUser(user: SessionUser): void {
    for (const s of this.subscribers) if (s.user.id === user.id) s.user = user;
  }

  /** Sends a socket everything after `after` it may see, then switches it to live events. */
  async resume(subscriber: Subscriber, after: number): Promise<void> {
    subscriber.pending = [];
    subscriber.lastSentId = after;
    const rows = await this.database.db
      .select()
      .from(realtimeEvents)
      .where(and(gt(realtimeEvents.id, after), visibleTo(subscriber.user)))
      .orderBy(asc(realtimeEvents.id))
      .limit(RESUME_LIMIT + 1);
    const complete = rows.length <= RESUME_LIMIT;
    for (const row of rows.slice(0, RESUME_LIMIT)) this.deliver(subscriber, row);
    const queued = subscriber.pending;
    subscriber.pending = null;
    if (complete) {
      for (const row of queued) this.deliver(subscriber, row);
    } else {
      // Too far behind: the client refetches its screens and continues from now.
      subscriber.lastSentId = Math.max(subscriber.lastSentId, this.cursor);
    }
    subscriber.send({ type: 'resumed', upTo: subscriber.lastSentId, complete });
  }

  private deliver(subscriber: Subscriber, row: EventRow): void {
    if (row.id <= subscriber.lastSentId || !canSee(subscriber.user, row)) return;
    if (subscriber.bufferedAmount() > MAX_BUFFERED_BYTES) {
      subscriber.close(4408, 'Too slow; reconnect to resume');
      this.subscribers.delete(subscriber);
      return;
    }
    subscriber.lastSentId = row.id;
    subscriber.send({ type: 'event', event: toEvent(row) });
  }

  /** Reads committed events after the cursor and fans them out; concurrent calls coalesce. */
  pull(): Promise<void> {
    if (this.pulling) {
      this.again = true;
      return this.pulling;
    }
    this.pulling = (async () => {
      do {
        this.again = false;
        try {
          for (;;) {
            const rows = await this.database.db
              .select()
              .from(realtimeEvents)
              .where(gt(realtimeEvents.id, this.cursor))
              .orderBy(asc(realtimeEvents.id))
              .limit(PULL_BATCH);
            for (const row of rows) {
              this.cursor = row.id;
              for (const s of this.subscribers) {
                if (s.pending) s.pending.push(row);
                else if (s.lastSentId >= 0) this.deliver(s, row);
              }
            }
            if (rows.length < PULL_BATCH) break;
          }
        } catch (error) {
          this.logger.warn(
            { err: error },
            'realtime: reading events failed; will retry on the next event',
          );
        }
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.pulling = null;
    });
    return this.pulling;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.database.url,
      connectionTimeoutMillis: 5_000,
    });
    client.on('notification', () => void this.pull());
    const lost = (error?: unknown) => {
      if (this.listener !== client) return;
      this.listener = null;
      client.removeAllListeners('end');
      void client.end().catch(() => undefined);
      if (this.stopped) return;
      this.logger.warn({ err: error }, 'realtime: LISTEN connection lost; reconnecting');
      this.scheduleReconnect(500);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    this.listener = client;
    // A connection that silently died raises nothing: ask it something now and then.
    const heartbeat = setInterval(() => {
      if (this.listener !== client) return clearInterval(heartbeat);
      const timeout = setTimeout(
        () => lost(new Error('LISTEN connection stopped answering')),
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
    // Whatever was committed while the connection was being made.
    void this.pull();
  }

  private scheduleReconnect(delayMs: number): void {
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(async () => {
      try {
        await this.listen();
        this.logger.info('realtime: LISTEN resumed');
        // Whatever was committed while we were away.
        await this.pull();
      } catch (error) {
        this.logger.warn({ err: error }, 'realtime: reconnect failed');
        this.scheduleReconnect(Math.min(delayMs * 2, 10_000));
      }
    }, delayMs);
    this.reconnectTimer.unref();
  }

  private async prune(): Promise<void> {
    try {
      await this.database.db
        .delete(realtimeEvents)
        .where(
          and(
            lt(realtimeEvents.createdAt, new Date(Date.now() - EVENT_RETENTION_MS)),
            lt(realtimeEvents.id, this.cursor),
          ),
        );
    } catch (error) {
      this.logger.warn({ err: error }, 'realtime: pruning old events failed');
    }
  }
}

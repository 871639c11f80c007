import { and, asc, desc, eq, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  SOCKET_CLOSE_CODES,
  type RealtimeEvent,
  type ServerFrame,
} from '../../../shared/api/realtime';
import type { Database } from '../../db/client';
import type { Notifications } from '../../db/notifications';
import { realtimeEvents } from '../../db/schema';
import type { SessionLimits, SessionUser } from '../sessions';
import { EVENTS_CHANNEL, type EventLog } from './events';
import { SharedFrame } from './shared-frame';

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
  /** The sign-in session's limits as last read (epoch ms): socket-sessions.ts checks them. */
  session: SessionLimits;
  send(frame: ServerFrame): void;
  /** A frame serialized once for many sockets: each writes the same bytes (shared-frame.ts). */
  sendShared(frame: SharedFrame): void;
  bufferedAmount(): number;
  /**
   * Holds this socket's writes until `uncork`, so the frames of several events leave in one
   * system call instead of one each (the fan-out's main cost: every agent gets every event).
   */
  cork(): void;
  uncork(): void;
  close(code: number, reason: string): void;
  /** Highest event id sent; -1 until the client has resumed. */
  lastSentId: number;
  /** Live events that arrived while the resume was being read. */
  pending: EventRow[] | null;
  /** The chats whose conversation the page shows now (its last "watch"): typing goes to these. */
  watching: ReadonlySet<number>;
}

function canSee(user: SessionUser, row: EventRow): boolean {
  if (row.audience === 'everyone') return true;
  if (user.isAdmin && user.isActive) return true;
  if (row.audience === 'admins') return false;
  if ((user.isAgent || user.isAdmin) && user.isActive) return true;
  return row.customerId !== null && row.customerId === user.id;
}

function visibleTo(user: SessionUser): SQL | undefined {
  if (user.isAdmin) return undefined;
  if (user.isAgent) return inArray(realtimeEvents.audience, ['all', 'everyone']);
  return or(eq(realtimeEvents.customerId, user.id), eq(realtimeEvents.audience, 'everyone'));
}

export function toEvent(row: EventRow): RealtimeEvent {
  return { ...row.payload, id: row.id, type: row.type } as RealtimeEvent;
}

/** An event's frame, serialized when first needed and then shared by every socket. */
class EventFrame {
  private shared: SharedFrame | undefined;

  constructor(private readonly row: EventRow) {}

  get(): SharedFrame {
    this.shared ??= new SharedFrame({ type: 'event', event: toEvent(this.row) });
    return this.shared;
  }
}

/**
 * Fans committed events out to the open sockets that may see them. On PostgreSQL it hears other
 * instances' commits through the database's notifications (ids only in the payload) and reads
 * the rows; when the notifications come back after a lost connection it reads everything after
 * the last id it had, so nothing is lost across instances.
 */
export class RealtimeHub {
  private readonly subscribers = new Set<Subscriber>();
  /** Agents' and admins' sockets: they may see most events. */
  private readonly staff = new Set<Subscriber>();
  /** Everyone's sockets by user id: a customer's events go to that customer's sockets only. */
  private readonly byUser = new Map<string, Set<Subscriber>>();
  private cursor = 0;
  private pulling: Promise<void> | null = null;
  /** Sockets corked by `hold`, uncorked together by `flush`. */
  private readonly corked = new Set<Subscriber>();
  private flushScheduled = false;
  /** Events read since the last flush: `onDelivered` hears of them once their frames leave. */
  private readonly handedOver: EventRow[] = [];
  private again = false;
  /** The highest event id a notification has announced (PostgreSQL). */
  private announced = 0;
  private started = false;
  private stopped = false;
  private pruneTimer: NodeJS.Timeout | undefined;
  private unsubscribeCommit: (() => void) | undefined;
  private readonly deliveredListeners = new Set<(event: { createdAt: Date }) => void>();
  private readonly presenceListeners = new Set<(user: SessionUser, present: boolean) => void>();

  constructor(
    private readonly database: Database,
    private readonly events: EventLog,
    private readonly logger: FastifyBaseLogger,
    notifications: Notifications,
  ) {
    // Other instances' events. (This process's own commits poke the hub directly, sooner; on
    // PGlite there is no other process.)
    // The payload is the event's id, and ids are given in commit order: an id the hub has read
    // already (its own commit, read sooner) costs no query, and one that comes during a read
    // costs another read only if that read did not reach it.
    if (database.kind === 'postgres') {
      notifications.on(EVENTS_CHANNEL, (payload) => {
        if (!/^\d+$/.test(payload)) return void this.pull();
        const id = Number(payload);
        if (id <= this.cursor) return;
        this.announced = Math.max(this.announced, id);
        void this.read();
      });
    }
    // Back after a lost connection: read whatever was committed meanwhile.
    notifications.onLive((live) => {
      if (live) void this.pull();
    });
  }

  /** Call before the notifications start: events from then on are pulled. */
  async start(): Promise<void> {
    this.cursor = await this.latestId();
    this.started = true;
    this.unsubscribeCommit = this.events.onCommit(() => this.pull());
    this.pruneTimer = setInterval(() => void this.prune(), 60 * 60 * 1000);
    this.pruneTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribeCommit?.();
    clearInterval(this.pruneTimer);
    this.flush();
    for (const s of this.subscribers)
      s.close(SOCKET_CLOSE_CODES.serverShuttingDown, 'Server shutting down');
    this.subscribers.clear();
    this.staff.clear();
    this.byUser.clear();
    await this.pulling;
  }

  get size(): number {
    return this.subscribers.size;
  }

  /** Events other instances' notifications announced that this instance has not read yet. */
  get eventsBehind(): number {
    return Math.max(0, this.announced - this.cursor);
  }

  /**
   * Tells `listener` of each event once its frames have been written to its sockets (after
   * the flush that uncorks them; platform/metrics measures the delivery lag from it). Returns
   * the unsubscribe.
   */
  onDelivered(listener: (event: { createdAt: Date }) => void): () => void {
    this.deliveredListeners.add(listener);
    return () => this.deliveredListeners.delete(listener);
  }

  /**
   * Tells `listener` when a user's first socket opens here (true) and their last one closes
   * (false): presence.ts keeps the database's copy. Returns the unsubscribe.
   */
  onPresence(listener: (user: SessionUser, present: boolean) => void): () => void {
    this.presenceListeners.add(listener);
    return () => this.presenceListeners.delete(listener);
  }

  /** The open sockets, for checking their sessions. */
  sockets(): IterableIterator<Subscriber> {
    return this.subscribers.values();
  }

  /** Whether `userId` has a socket open on this instance (features/push: no push then). */
  hasUser(userId: string): boolean {
    return this.byUser.has(userId);
  }

  has(subscriber: Subscriber): boolean {
    return this.subscribers.has(subscriber);
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
    const { id } = subscriber.user;
    const first = !this.byUser.has(id);
    this.subscribers.add(subscriber);
    this.index(subscriber);
    if (first) for (const listener of this.presenceListeners) listener(subscriber.user, true);
  }

  remove(subscriber: Subscriber): void {
    const { id } = subscriber.user;
    const had = this.byUser.has(id);
    this.subscribers.delete(subscriber);
    this.unindex(subscriber);
    if (had && !this.byUser.has(id))
      for (const listener of this.presenceListeners) listener(subscriber.user, false);
  }

  private index(s: Subscriber): void {
    if (s.user.isAgent || s.user.isAdmin) this.staff.add(s);
    let own = this.byUser.get(s.user.id);
    if (!own) this.byUser.set(s.user.id, (own = new Set()));
    own.add(s);
  }

  private unindex(s: Subscriber): void {
    this.staff.delete(s);
    const own = this.byUser.get(s.user.id);
    own?.delete(s);
    if (own?.size === 0) this.byUser.delete(s.user.id);
  }

  /** The sockets that may see an event: staff, and the customer it concerns. */
  private *candidates(row: EventRow): Iterable<Subscriber> {
    if (row.audience === 'everyone') {
      yield* this.subscribers;
      return;
    }
    yield* this.staff;
    if (row.customerId === null) return;
    for (const s of this.byUser.get(row.customerId) ?? []) if (!this.staff.has(s)) yield s;
  }

  /**
   * Sends a "typing" frame (ephemeral: no id, not stored, no resume) to the sockets that show
   * that chat now and may see it: active staff watching it, and its customer's sockets watching
   * it; none of the typist's own. Not every agent: typing is shown only in an open conversation.
   */
  signalTyping(customerId: string, frame: Extract<ServerFrame, { type: 'typing' }>): void {
    let shared: SharedFrame | undefined;
    const send = (s: Subscriber) => {
      if (!s.watching.has(frame.chatSessionId) || s.user.id === frame.userId) return;
      if (!s.user.isActive || s.lastSentId < 0 || s.bufferedAmount() > MAX_BUFFERED_BYTES) return;
      shared ??= new SharedFrame(frame);
      s.sendShared(shared);
    };
    for (const s of this.staff) send(s);
    for (const s of this.byUser.get(customerId) ?? []) if (!this.staff.has(s)) send(s);
  }

  /** Closes every socket of a user (deactivation) or of one sign-in session (logout). */
  disconnect(match: { userId?: string; tokenHash?: string }, reason: string): void {
    for (const s of this.subscribers) {
      if (s.user.id === match.userId || s.tokenHash === match.tokenHash) this.end(s, reason);
    }
  }

  /** Closes one socket whose session may no longer be used; the client signs in again. */
  end(subscriber: Subscriber, reason: string): void {
    subscriber.close(SOCKET_CLOSE_CODES.sessionEnded, reason);
    this.remove(subscriber);
  }

  /** Updates what the hub knows of a user (status, roles) on their open sockets. */
  refreshUser(user: SessionUser): void {
    for (const s of [...(this.byUser.get(user.id) ?? [])]) {
      this.unindex(s);
      s.user = user;
      this.index(s);
    }
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

  /**
   * Corks a socket until the event loop has run what is ready now (setImmediate): every frame the
   * socket gets meanwhile leaves in one system call. Idle, that is at once; busy, when many
   * commits land in one turn, the fan-out (every agent gets every event) costs one write per
   * socket per turn instead of one per event.
   */
  private hold(subscriber: Subscriber): void {
    if (this.corked.has(subscriber)) return;
    subscriber.cork();
    this.corked.add(subscriber);
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush());
  }

  /** Sends the held frames, then tells `onDelivered` of the events they carried. */
  private flush(): void {
    this.flushScheduled = false;
    const held = [...this.corked];
    this.corked.clear();
    for (const s of held) s.uncork();
    const sent = this.handedOver.splice(0);
    for (const row of sent) for (const listener of this.deliveredListeners) listener(row);
  }

  private deliver(subscriber: Subscriber, row: EventRow, frame = new EventFrame(row)): void {
    if (row.id <= subscriber.lastSentId || !canSee(subscriber.user, row)) return;
    if (subscriber.bufferedAmount() > MAX_BUFFERED_BYTES) {
      subscriber.close(4408, 'Too slow; reconnect to resume');
      this.remove(subscriber);
      return;
    }
    subscriber.lastSentId = row.id;
    subscriber.sendShared(frame.get());
  }

  /**
   * Reads committed events after the cursor and fans them out. A call during a read makes it
   * read once more when it ends (what prompted the call may have committed after it began).
   */
  pull(): Promise<void> {
    if (this.pulling) this.again = true;
    return this.read();
  }

  /** Starts a read unless one is under way; it goes on while asked to or an id is still ahead. */
  private read(): Promise<void> {
    if (!this.started || this.stopped) return Promise.resolve();
    if (this.pulling) return this.pulling;
    this.pulling = (async () => {
      do {
        this.again = false;
        try {
          for (;;) {
            const rows = await this.newEvents();
            for (const row of rows) {
              this.cursor = row.id;
              // Serialized once, on first use, for every socket that may see it.
              const frame = new EventFrame(row);
              for (const s of this.candidates(row)) {
                if (s.pending) s.pending.push(row);
                else if (s.lastSentId >= 0) {
                  this.hold(s);
                  this.deliver(s, row, frame);
                }
              }
              // Told at the flush, once the frames have left (the metric's "sent").
              this.handedOver.push(row);
              this.scheduleFlush();
            }
            if (rows.length < PULL_BATCH) break;
          }
        } catch (error) {
          this.logger.warn(
            { err: error },
            'realtime: reading events failed; will retry on the next event',
          );
          // Not at once (the database may be down): the next commit, notification or
          // reconnection reads from the same cursor, so nothing is skipped.
          break;
        }
      } while ((this.again || this.announced > this.cursor) && !this.stopped);
    })().finally(() => {
      this.pulling = null;
    });
    return this.pulling;
  }

  /**
   * The committed events after the cursor: read after every commit here (and every notification
   * from another instance), so a prepared statement, parsed and planned once.
   */
  private async newEvents(): Promise<EventRow[]> {
    const found = await this.database.prepared<{
      id: number | string;
      type: string;
      chat_session_id: number | null;
      customer_id: string | null;
      audience: EventRow['audience'];
      payload: EventRow['payload'];
      created_at: Date | string;
    }>(
      sql`select id, type, chat_session_id, customer_id, audience, payload, created_at
          from realtime_events where id > ${this.cursor}::bigint order by id limit ${PULL_BATCH}`,
    );
    return found.map((row) => ({
      id: Number(row.id),
      type: row.type,
      chatSessionId: row.chat_session_id,
      customerId: row.customer_id,
      audience: row.audience,
      payload: row.payload,
      createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
    }));
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

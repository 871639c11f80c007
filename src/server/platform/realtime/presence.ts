import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { socketPresence } from '../../db/schema';
import type { SessionUser } from '../sessions';
import type { RealtimeHub } from './hub';

/** How often an instance tells the database its users' sockets are still open. */
export const PRESENCE_HEARTBEAT_MS = 30_000;
/**
 * A row not refreshed for this long belongs to an instance that died without cleaning up
 * (SIGKILL, a lost host): it no longer counts as an open socket.
 */
export const PRESENCE_TIMEOUT_MS = 3 * PRESENCE_HEARTBEAT_MS;
/**
 * A dead instance's rows are deleted (by any instance's heartbeat) only this long after their
 * last refresh: until then they still say when the user was last seen with a socket, which
 * features/availability reads to set an agent Offline 2 minutes after it.
 */
export const PRESENCE_FORGET_MS = 10 * 60_000;

/** A user's first socket opened on this instance (`present`), or their last one here closed. */
export interface PresenceChange {
  user: SessionUser;
  present: boolean;
}

/**
 * Who has a realtime socket (a tab) open on any instance, kept in the database
 * (`socket_presence`, ADR 017): an instance writes a row when a user's first socket opens on it
 * and deletes it when their last one closes, so every instance on the same PostgreSQL sees the
 * same answer. The one place that knows it: features/push asks `withOpenSockets` before
 * pushing; features/availability listens to `onChange` and sweeps with `socketSeenSince`.
 * A user's writes (and the listeners told of them) run one after another in the order the hub
 * changed, so the last state wins.
 */
export class Presence {
  /** This instance's id in `socket_presence`; a new one every start. */
  readonly instanceId = randomUUID();
  private readonly writes = new Map<string, Promise<void>>();
  private readonly listeners = new Set<(change: PresenceChange) => Promise<void>>();
  private unsubscribe: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly hub: RealtimeHub,
    private readonly logger: FastifyBaseLogger,
  ) {}

  start(): void {
    this.unsubscribe = this.hub.onPresence((user, present) => this.write(user, present));
    this.timer = setInterval(() => void this.heartbeat(), PRESENCE_HEARTBEAT_MS);
    this.timer.unref();
  }

  /** Forgets this instance's rows: its sockets are closed (the hub has stopped). */
  async stop(): Promise<void> {
    this.unsubscribe?.();
    clearInterval(this.timer);
    await this.idle();
    try {
      await this.db.delete(socketPresence).where(eq(socketPresence.instanceId, this.instanceId));
    } catch (error) {
      // They stop counting after PRESENCE_TIMEOUT_MS anyway.
      this.logger.warn({ err: error }, 'presence: removing this instance’s rows failed');
    }
  }

  /**
   * Tells `listener` of each change on this instance, once its row is written (the database
   * already answers with it). A user's changes reach it in order, one at a time. Returns the
   * unsubscribe.
   */
  onChange(listener: (change: PresenceChange) => Promise<void>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once every write started so far, and its listeners, are done (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.writes.size > 0) await Promise.allSettled([...this.writes.values()]);
  }

  /**
   * Which of `userIds` have a socket open on any live instance: this one's own sockets without
   * a query, the others' from the database.
   */
  async withOpenSockets(userIds: readonly string[]): Promise<Set<string>> {
    const open = new Set(userIds.filter((id) => this.hub.hasUser(id)));
    const others = userIds.filter((id) => !open.has(id));
    if (others.length === 0) return open;
    const found = await this.db
      .selectDistinct({ userId: socketPresence.userId })
      .from(socketPresence)
      .where(
        and(
          inArray(socketPresence.userId, others),
          gt(
            socketPresence.seenAt,
            sql`now() - make_interval(secs => ${PRESENCE_TIMEOUT_MS / 1000})`,
          ),
        ),
      );
    for (const { userId } of found) open.add(userId);
    return open;
  }

  private write(user: SessionUser, present: boolean): void {
    const userId = user.id;
    const previous = this.writes.get(userId) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        await (present ? this.insert(userId) : this.remove(userId));
        await this.tell({ user, present });
      })
      .catch((error: unknown) =>
        this.logger.warn({ err: error, userId }, 'presence: writing a user’s presence failed'),
      )
      .finally(() => {
        if (this.writes.get(userId) === next) this.writes.delete(userId);
      });
    this.writes.set(userId, next);
  }

  private async tell(change: PresenceChange): Promise<void> {
    for (const listener of this.listeners) {
      try {
        await listener(change);
      } catch (error) {
        this.logger.warn(
          { err: error, userId: change.user.id },
          'presence: a listener of presence changes failed',
        );
      }
    }
  }

  private async insert(userId: string): Promise<void> {
    await this.db
      .insert(socketPresence)
      .values({ instanceId: this.instanceId, userId })
      .onConflictDoUpdate({
        target: [socketPresence.userId, socketPresence.instanceId],
        set: { seenAt: sql`now()` },
      });
  }

  private async remove(userId: string): Promise<void> {
    await this.db
      .delete(socketPresence)
      .where(
        and(eq(socketPresence.instanceId, this.instanceId), eq(socketPresence.userId, userId)),
      );
  }

  private async heartbeat(): Promise<void> {
    try {
      await this.db
        .update(socketPresence)
        .set({ seenAt: sql`now()` })
        .where(eq(socketPresence.instanceId, this.instanceId));
      await this.db
        .delete(socketPresence)
        .where(
          lt(
            socketPresence.seenAt,
            sql`now() - make_interval(secs => ${PRESENCE_FORGET_MS / 1000})`,
          ),
        );
    } catch (error) {
      this.logger.warn({ err: error }, 'presence: heartbeat failed');
    }
  }
}

/**
 * SQL for sweeps that run on any instance: whether `userId` (a column or value) had a socket
 * open on some instance at or after `since` (an open socket's row is at most
 * PRESENCE_HEARTBEAT_MS old; `since` should be older than that).
 */
export function socketSeenSince(userId: SQL, since: Date): SQL {
  return sql`exists (select 1 from ${socketPresence}
                     where ${socketPresence.userId} = ${userId}
                       and ${socketPresence.seenAt} >= ${since.toISOString()}::timestamptz)`;
}

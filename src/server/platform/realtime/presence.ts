import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { socketPresence } from '../../db/schema';
import type { RealtimeHub } from './hub';

/** How often an instance tells the database its users' sockets are still open. */
export const PRESENCE_HEARTBEAT_MS = 30_000;
/**
 * A row not refreshed for this long belongs to an instance that died without cleaning up
 * (SIGKILL, a lost host): it no longer counts, and the next heartbeat of any instance deletes it.
 */
export const PRESENCE_TIMEOUT_MS = 3 * PRESENCE_HEARTBEAT_MS;

/**
 * Who has a realtime socket (a tab) open on any instance, kept in the database
 * (`socket_presence`): an instance writes a row when a user's first socket opens on it and
 * deletes it when their last one closes, so every instance on the same PostgreSQL sees the same
 * answer. features/push asks it before pushing: no push to someone who sees the news live.
 * A user's writes run one after another in the order the hub changed, so the last state wins.
 */
export class Presence {
  /** This instance's id in `socket_presence`; a new one every start. */
  readonly instanceId = randomUUID();
  private readonly writes = new Map<string, Promise<void>>();
  private unsubscribe: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly hub: RealtimeHub,
    private readonly logger: FastifyBaseLogger,
  ) {}

  start(): void {
    this.unsubscribe = this.hub.onPresence((userId, present) => this.write(userId, present));
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

  /** Resolves once every write started so far is done (tests, shutdown). */
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

  private write(userId: string, present: boolean): void {
    const previous = this.writes.get(userId) ?? Promise.resolve();
    const next = previous
      .then(() => (present ? this.insert(userId) : this.remove(userId)))
      .catch((error: unknown) =>
        this.logger.warn({ err: error, userId }, 'presence: writing a user’s presence failed'),
      )
      .finally(() => {
        if (this.writes.get(userId) === next) this.writes.delete(userId);
      });
    this.writes.set(userId, next);
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
            sql`now() - make_interval(secs => ${PRESENCE_TIMEOUT_MS / 1000})`,
          ),
        );
    } catch (error) {
      this.logger.warn({ err: error }, 'presence: heartbeat failed');
    }
  }
}

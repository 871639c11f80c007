import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Notifications } from '../../db/notifications';
import { authSessions, users } from '../../db/schema';
import { CHANGES_CHANNEL, type ChangedTables } from '../change-cache';
import type { EventBus } from '../event-bus';
import { SESSION_IDLE_TIMEOUT_MS, stillValid, type SessionLimits } from '../sessions';
import type { RealtimeHub, Subscriber } from './hub';

/** How often the open sockets' session limits are compared with the clock (no query unless due). */
export const SESSION_CHECK_MS = 1_000;
/** Token hashes per query when every socket's session is read again. */
const CHECK_BATCH = 1_000;
const WATCHED: readonly ChangedTables[] = ['users', 'auth'];

/** When a session ends unless it is used again: its absolute limit or its idle limit. */
function deadline(session: SessionLimits): number {
  return Math.min(session.expiresAt, session.lastSeenAt + SESSION_IDLE_TIMEOUT_MS);
}

/**
 * Keeps every open socket only as good as its sign-in session, on every instance
 * (docs/decisions/010-socket-revocation.md):
 * - this instance's own sign-outs, deactivations and role changes (the event bus) act at once;
 * - any change to users or sessions, through any instance or straight in the database (the
 *   trigger's NOTIFY, drizzle/0003), makes it read the sessions of all its sockets again;
 * - every second it compares each socket's session limits with the clock, in memory, and reads
 *   again only the sessions that look due (another instance may have used them meanwhile).
 * A session that is gone, expired or idle, or whose account is inactive, closes its sockets with
 * 4401; a user whose roles changed keeps the socket and sees what the new role may see.
 * None of this is on the path of an event: the hub's fan-out reads only what is in memory.
 */
export class SocketSessions {
  private checking: Promise<void> | null = null;
  private wantAll = false;
  private readonly wanted = new Set<Subscriber>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Whether the last read failed: an outage is logged once, not every second. */
  private failing = false;

  constructor(
    private readonly options: {
      db: Db;
      hub: RealtimeHub;
      bus: EventBus;
      notifications: Notifications;
      logger: FastifyBaseLogger;
    },
  ) {
    const { hub, bus, notifications } = options;
    bus.on('userChanged', (user) => {
      if (user.isActive) hub.refreshUser(user);
      else hub.disconnect({ userId: user.id }, 'Account deactivated');
    });
    bus.on('sessionEnded', ({ tokenHash }) => hub.disconnect({ tokenHash }, 'Signed out'));
    notifications.on(CHANGES_CHANNEL, (payload) => {
      if ((WATCHED as readonly string[]).includes(payload)) void this.checkAll();
    });
    // Back after a lost connection: changes may have been missed.
    notifications.onLive((live) => {
      if (live) void this.checkAll();
    });
  }

  start(): void {
    this.timer = setInterval(() => this.sweep(), SESSION_CHECK_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.checking;
  }

  /**
   * Reads a new socket's session once more: a change heard while its upgrade was being
   * authorized would otherwise pass it by. Sockets opening together share one read.
   */
  watch(subscriber: Subscriber): void {
    this.wanted.add(subscriber);
    void this.run();
  }

  /** Reads every open socket's session again; a call during a read makes it read once more. */
  checkAll(): Promise<void> {
    this.wantAll = true;
    return this.run();
  }

  /** The sockets whose session limits have passed by the clock, read again. */
  private sweep(): void {
    const now = Date.now();
    for (const s of this.options.hub.sockets()) if (deadline(s.session) <= now) this.wanted.add(s);
    if (this.wanted.size > 0 || this.wantAll) void this.run();
  }

  private run(): Promise<void> {
    this.checking ??= this.loop().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  private async loop(): Promise<void> {
    while ((this.wantAll || this.wanted.size > 0) && !this.stopped) {
      const all = this.wantAll;
      const targets = all ? [...this.options.hub.sockets()] : [...this.wanted];
      this.wantAll = false;
      this.wanted.clear();
      try {
        for (let i = 0; i < targets.length; i += CHECK_BATCH) {
          await this.check(targets.slice(i, i + CHECK_BATCH));
        }
        this.failing = false;
      } catch (error) {
        if (!this.failing) {
          this.options.logger.warn(
            { err: error },
            'realtime: checking socket sessions failed; retrying every second',
          );
        }
        this.failing = true;
        // The sweep starts it again: nothing asked for is dropped.
        this.wantAll ||= all;
        if (!all) for (const s of targets) if (this.options.hub.has(s)) this.wanted.add(s);
        return;
      }
    }
  }

  private async check(sockets: Subscriber[]): Promise<void> {
    const { db, hub } = this.options;
    const hashes = [...new Set(sockets.map((s) => s.tokenHash))];
    const rows = await db
      .select({
        tokenHash: authSessions.tokenHash,
        expiresAt: authSessions.expiresAt,
        lastSeenAt: authSessions.lastSeenAt,
        user: users,
      })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(inArray(authSessions.tokenHash, hashes));
    const byHash = new Map(rows.map((row) => [row.tokenHash, row]));
    // After the read: a session seen valid then must still be valid now.
    const now = Date.now();
    for (const s of sockets) {
      if (!hub.has(s)) continue;
      const row = byHash.get(s.tokenHash);
      if (!row) {
        hub.end(s, 'Session ended');
        continue;
      }
      const session = { expiresAt: row.expiresAt.getTime(), lastSeenAt: row.lastSeenAt.getTime() };
      if (!row.user.isActive) hub.end(s, 'Account deactivated');
      else if (!stillValid(session, now)) hub.end(s, 'Session expired');
      else {
        s.session = session;
        if (row.user.isAgent !== s.user.isAgent || row.user.isAdmin !== s.user.isAdmin) {
          hub.refreshUser(row.user);
        }
      }
    }
  }
}

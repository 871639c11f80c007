import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { OFFLINE_AFTER_MS } from '../../../shared/api/availability';
import type { Db } from '../../db/client';
import { rows } from '../../db/raw';
import { isAgent } from '../../platform/auth';
import type { EventBus } from '../../platform/event-bus';
import type { EventLog } from '../../platform/realtime/events';
import {
  PRESENCE_HEARTBEAT_MS,
  socketSeenSince,
  type Presence,
  type PresenceChange,
} from '../../platform/realtime/presence';
import { setAvailabilityIn } from './set-availability';

/**
 * Online agents with no socket open on any instance (platform/realtime/presence.ts) for
 * OFFLINE_AFTER_MS go Offline (an agent on Break stays on it: only they, an admin or their
 * sign-out end it, never a page left open without its socket): their last close (`last_seen_at`) and every instance's row of
 * theirs are older (a dead instance's rows stop being refreshed, so they age too). Any instance
 * may run it: each agent's row is locked (SKIP LOCKED) while it is changed, and the condition is
 * read again under the lock. Returns who went Offline.
 */
export async function sweepPresence(options: {
  events: EventLog;
  cap: number;
  now: Date;
}): Promise<string[]> {
  const { events, now } = options;
  const cutoff = new Date(now.getTime() - OFFLINE_AFTER_MS);
  return events.transaction(async (tx) => {
    const gone = await rows<{ agent_id: string }>(
      tx,
      sql`select a.agent_id from agent_availability a
          where a.state = 'online' and a.last_seen_at < ${cutoff.toISOString()}::timestamptz
            and not ${socketSeenSince(sql`a.agent_id`, cutoff)}
          for update of a skip locked`,
    );
    for (const { agent_id } of gone) {
      await setAvailabilityIn(tx, {
        events,
        agentId: agent_id,
        state: 'offline',
        cap: options.cap,
        now,
      });
    }
    return gone.map((g) => g.agent_id);
  });
}

/**
 * Availability follows presence (ADR 018), which platform/realtime keeps for every instance:
 * an agent's first socket opening here brings them Online from Offline (never from Break: they
 * chose it); their last one closing here notes the time in `last_seen_at`. Every
 * PRESENCE_HEARTBEAT_MS this instance sweeps for agents with no socket anywhere for 2 minutes.
 */
export class AvailabilityFromPresence {
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<unknown> = Promise.resolve();
  private readonly unsubscribe: Array<() => void>;

  constructor(
    private readonly options: {
      db: Db;
      events: EventLog;
      presence: Presence;
      /** Hears `sessionEnded`: an agent's last sign-out sets them Offline (ends a Break). */
      bus: EventBus;
      cap: number;
      clock: () => Date;
      log: FastifyBaseLogger;
    },
  ) {
    this.unsubscribe = [
      options.presence.onChange((change) => this.changed(change)),
      options.bus.on('sessionEnded', ({ userId }) => {
        if (userId) this.track(this.signedOut(userId), 'the sign-out');
      }),
    ];
  }

  start(): void {
    this.timer ??= setInterval(() => this.sweep(), PRESENCE_HEARTBEAT_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    for (const unsubscribe of this.unsubscribe) unsubscribe();
    clearInterval(this.timer);
    this.timer = undefined;
    await this.sweeping;
  }

  /** Resolves once the background work started so far is done (tests). */
  async idle(): Promise<void> {
    await this.sweeping;
  }

  private sweep(): void {
    const { events, cap, clock } = this.options;
    this.track(sweepPresence({ events, cap, now: clock() }), 'the presence sweep');
  }

  /** Background work that stop() waits for; a failure is logged, never thrown. */
  private track(work: Promise<unknown>, what: string): void {
    const done = work.catch((error: unknown) =>
      this.options.log.warn({ err: error }, `availability: ${what} failed`),
    );
    this.sweeping = Promise.all([this.sweeping, done]);
  }

  /**
   * Signing out of the last sign-in session ends the agent's day: Offline, from Online or Break.
   * Signed in elsewhere still, they keep their state.
   */
  private signedOut(userId: string): Promise<unknown> {
    const { events, cap, clock } = this.options;
    return events.transaction(async (tx) => {
      const [who] = await rows<{ staff: boolean; signed_in: boolean }>(
        tx,
        sql`select u.is_agent or u.is_admin as staff,
                   exists (select 1 from auth_sessions where user_id = u.id) as signed_in
            from users u where u.id = ${userId}::uuid`,
      );
      if (!who?.staff || who.signed_in) return;
      await setAvailabilityIn(tx, {
        events,
        agentId: userId,
        state: 'offline',
        cap,
        now: clock(),
        onlyFrom: ['online', 'break'],
      });
    });
  }

  private async changed({ user, present }: PresenceChange): Promise<void> {
    if (!isAgent(user)) return;
    const { db, events, cap, clock } = this.options;
    if (present) {
      await events.transaction((tx) =>
        setAvailabilityIn(tx, {
          events,
          agentId: user.id,
          state: 'online',
          cap,
          now: clock(),
          onlyFrom: ['offline'],
        }),
      );
    } else {
      await db.execute(
        sql`update agent_availability
            set last_seen_at = greatest(last_seen_at, ${clock().toISOString()}::timestamptz)
            where agent_id = ${user.id}::uuid`,
      );
    }
  }
}

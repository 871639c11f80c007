import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { OFFLINE_AFTER_MS } from '../../../shared/api/availability';
import type { Db } from '../../db/client';
import { rows } from '../../db/raw';
import type { EventBus } from '../../platform/event-bus';
import type { EventLog } from '../../platform/realtime/events';
import { setAvailabilityIn } from './set-availability';

/** How often an instance refreshes its sockets' rows and looks for agents gone Offline. */
export const PRESENCE_BEAT_MS = 30_000;

/**
 * Agents whose every socket has been closed (or not refreshed, when their instance died) for
 * OFFLINE_AFTER_MS go Offline. Any instance may run it: each agent's row is locked (SKIP LOCKED)
 * while it is changed, and the condition is read again under the lock. Returns who went Offline.
 */
export async function sweepPresence(options: {
  events: EventLog;
  cap: number;
  now: Date;
}): Promise<string[]> {
  const { events, now } = options;
  const cutoff = new Date(now.getTime() - OFFLINE_AFTER_MS).toISOString();
  return events.transaction(async (tx) => {
    const gone = await rows<{ agent_id: string }>(
      tx,
      sql`select a.agent_id from agent_availability a
          where a.state <> 'offline' and a.last_seen_at < ${cutoff}::timestamptz
            and not exists (select 1 from agent_connections c
                            where c.agent_id = a.agent_id and c.seen_at >= ${cutoff}::timestamptz)
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
    // Rows an instance left behind when it died: long stale, counted by no one.
    await tx.execute(
      sql`delete from agent_connections where seen_at < ${cutoff}::timestamptz - interval '1 hour'`,
    );
    return gone.map((g) => g.agent_id);
  });
}

/**
 * This instance's part of staff presence (ADR 016): a row per open staff socket in
 * agent_connections, refreshed every PRESENCE_BEAT_MS and deleted at close. A socket opening
 * brings an Offline agent Online (never one on Break: they chose it). Every beat also sweeps
 * for agents whose tabs have all been closed for 2 minutes, on whichever instance.
 */
export class AgentPresence {
  readonly instanceId = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly options: {
      db: Db;
      events: EventLog;
      bus: EventBus;
      cap: number;
      clock: () => Date;
      log: FastifyBaseLogger;
    },
  ) {
    const { bus } = options;
    bus.on('staffSocketOpened', (s) => this.track(this.opened(s.connectionId, s.userId)));
    bus.on('staffSocketClosed', (s) => this.track(this.closed(s.connectionId, s.userId)));
  }

  start(): void {
    this.timer ??= setInterval(() => this.track(this.beat()), PRESENCE_BEAT_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.beating;
  }

  private track(work: Promise<unknown>): void {
    const done = work.catch((error: unknown) =>
      this.options.log.warn({ err: error }, 'presence: update failed'),
    );
    this.beating = Promise.all([this.beating, done]);
  }

  private async opened(connectionId: string, agentId: string): Promise<void> {
    const { db, events, cap, clock } = this.options;
    const at = clock().toISOString();
    await db.execute(
      sql`insert into agent_connections (id, agent_id, instance_id, connected_at, seen_at)
          values (${connectionId}::uuid, ${agentId}::uuid, ${this.instanceId},
                  ${at}::timestamptz, ${at}::timestamptz)
          on conflict (id) do nothing`,
    );
    await events.transaction((tx) =>
      setAvailabilityIn(tx, {
        events,
        agentId,
        state: 'online',
        cap,
        now: clock(),
        onlyFrom: ['offline'],
      }),
    );
  }

  private async closed(connectionId: string, agentId: string): Promise<void> {
    const { db, clock } = this.options;
    const at = clock().toISOString();
    await db.execute(sql`delete from agent_connections where id = ${connectionId}::uuid`);
    await db.execute(
      sql`update agent_availability set last_seen_at = greatest(last_seen_at, ${at}::timestamptz)
          where agent_id = ${agentId}::uuid`,
    );
  }

  /** Refreshes this instance's sockets, then sweeps. */
  async beat(): Promise<void> {
    const { db, events, cap, clock } = this.options;
    const at = clock().toISOString();
    await db.execute(
      sql`with mine as (
            update agent_connections set seen_at = ${at}::timestamptz
            where instance_id = ${this.instanceId} returning agent_id
          )
          update agent_availability set last_seen_at = greatest(last_seen_at, ${at}::timestamptz)
          where agent_id in (select agent_id from mine)`,
    );
    await sweepPresence({ events, cap, now: clock() });
  }
}

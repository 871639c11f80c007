import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/raw';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { makeAgent, makeCustomer } from '../../../../tests/support/users';
import { EventBus } from '../event-bus';
import type { SessionUser } from '../sessions';
import { EventLog } from './events';
import { RealtimeHub, type Subscriber } from './hub';
import { Presence, PRESENCE_TIMEOUT_MS, socketSeenSince, type PresenceChange } from './presence';

/** A socket the hub holds; presence never sends on it. */
function socketOf(user: SessionUser): Subscriber {
  return {
    user,
    tokenHash: 'token',
    session: { expiresAt: Infinity, lastSeenAt: Date.now() },
    lastSentId: 0,
    pending: null,
    watching: new Set(),
    send: () => {},
    sendShared: () => {},
    bufferedAmount: () => 0,
    cork: () => {},
    uncork: () => {},
    close: () => {},
  };
}

describe.each(testDatabaseKinds())('presence across instances on $name', (kind) => {
  let database: TestDatabase;
  // Two instances on one database: each its own hub and presence.
  let a: { hub: RealtimeHub; presence: Presence };
  let b: { hub: RealtimeHub; presence: Presence };

  beforeAll(async () => {
    database = await kind.open();
    const logger = Fastify().log;
    const instance = () => {
      const hub = new RealtimeHub(
        database,
        new EventLog(database, new EventBus()),
        logger,
        database.notifications(logger),
      );
      const presence = new Presence(database.db, hub, logger);
      presence.start();
      return { hub, presence };
    };
    a = instance();
    b = instance();
  });
  afterAll(async () => {
    await a.presence.stop();
    await b.presence.stop();
    await database.dispose();
  });

  it("tells listeners of a user's first and last socket once the row is written; the other instance sees it", async () => {
    const agent = await makeAgent(database.db);
    const heard: { present: boolean; seenByA: boolean }[] = [];
    const stop = b.presence.onChange(async ({ user, present }: PresenceChange) => {
      if (user.id !== agent.id) return;
      heard.push({
        present,
        seenByA: (await a.presence.withOpenSockets([agent.id])).has(agent.id),
      });
    });
    const first = socketOf(agent);
    const second = socketOf(agent);
    b.hub.add(first);
    b.hub.add(second);
    await b.presence.idle();
    expect(await a.presence.withOpenSockets([agent.id])).toEqual(new Set([agent.id]));
    b.hub.remove(first);
    await b.presence.idle();
    // One tab still open on B.
    expect(await a.presence.withOpenSockets([agent.id])).toEqual(new Set([agent.id]));
    b.hub.remove(second);
    await b.presence.idle();
    expect(await a.presence.withOpenSockets([agent.id])).toEqual(new Set());
    // The first socket and the last only, each after its row changed.
    expect(heard).toEqual([
      { present: true, seenByA: true },
      { present: false, seenByA: false },
    ]);
    stop();
  });

  it("stops counting a dead instance's rows after the timeout; sweeps still see when they were last refreshed", async () => {
    const customer = await makeCustomer(database.db);
    const ageSeconds = PRESENCE_TIMEOUT_MS / 1000 + 5;
    await database.db.execute(
      sql`insert into socket_presence (user_id, instance_id, seen_at)
          values (${customer.id}::uuid, 'dead-instance', now() - make_interval(secs => ${ageSeconds}))`,
    );
    expect(await a.presence.withOpenSockets([customer.id])).toEqual(new Set());
    const seen = async (secondsAgo: number) =>
      (
        await rows<{ seen: boolean }>(
          database.db,
          sql`select ${socketSeenSince(sql`${customer.id}::uuid`, new Date(Date.now() - secondsAgo * 1000))} as seen`,
        )
      )[0]!.seen;
    // Last refreshed 95 s ago: seen within 2 minutes, not within a minute.
    expect(await seen(120)).toBe(true);
    expect(await seen(60)).toBe(false);
    // The instance comes back to life (a refresh): it counts again.
    await database.db.execute(
      sql`update socket_presence set seen_at = now() where instance_id = 'dead-instance'`,
    );
    expect(await a.presence.withOpenSockets([customer.id])).toEqual(new Set([customer.id]));
    await database.db.execute(sql`delete from socket_presence where instance_id = 'dead-instance'`);
  });
});

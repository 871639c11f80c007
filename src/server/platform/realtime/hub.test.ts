import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Notifications } from '../../db/notifications';
import { openDatabase, type Database } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import {
  createPostgresTestDatabase,
  openPgliteTestDatabase,
  type TestDatabase,
} from '../../../../tests/support/databases';
import { makeAgent, makeCustomer } from '../../../../tests/support/users';
import type { SessionUser } from '../sessions';
import { EventBus } from '../event-bus';
import { EVENTS_CHANNEL, EventLog, type NewEvent } from './events';
import { RealtimeHub, type Subscriber } from './hub';
import type { SharedFrame } from './shared-frame';

/** A socket that writes down what the hub does with it, in order. */
function recordingSubscriber(user: SessionUser, options: { buffered?: number } = {}) {
  const calls: string[] = [];
  const frames: SharedFrame[] = [];
  const subscriber: Subscriber = {
    user,
    tokenHash: 'token',
    // The hub never reads these; socket-sessions.ts does.
    session: { expiresAt: Infinity, lastSeenAt: Date.now() },
    lastSentId: 0,
    pending: null,
    watching: new Set(),
    send: (frame) => calls.push(frame.type),
    sendShared: (frame) => {
      frames.push(frame);
      const { event } = JSON.parse(frame.text.toString()) as {
        event: { customer: { id: string } };
      };
      calls.push(`event ${event.customer.id}`);
    },
    bufferedAmount: () => options.buffered ?? 0,
    cork: () => calls.push('cork'),
    uncork: () => calls.push('uncork'),
    close: (code) => calls.push(`close ${code}`),
  };
  return { subscriber, calls, frames };
}

const customerUpdated = (id: string) =>
  ({ type: 'customer.updated', customer: { id } }) as unknown as NewEvent;

describe('the hub writes the events of one turn of the event loop to each socket in one go', () => {
  let database: TestDatabase;
  let events: EventLog;
  let hub: RealtimeHub;
  let notifications: Notifications;

  beforeAll(async () => {
    database = await openPgliteTestDatabase();
    // An app that never listens, for its logger (without a logger option: one that says nothing).
    const logger = Fastify().log;
    events = new EventLog(database, new EventBus());
    notifications = database.notifications(logger);
    hub = new RealtimeHub(database, events, logger, notifications);
    await hub.start();
    await notifications.start();
  });
  afterAll(async () => {
    await hub.stop();
    await notifications.stop();
    await database.dispose();
  });

  it('corks each socket that gets something and uncorks it once the turn is over', async () => {
    const agent = recordingSubscriber(await makeAgent(database.db));
    const customer = await makeCustomer(database.db);
    const own = recordingSubscriber(customer);
    const other = recordingSubscriber(await makeCustomer(database.db));
    const slow = recordingSubscriber(await makeAgent(database.db), { buffered: 2 * 1024 * 1024 });
    for (const s of [agent, own, other, slow]) hub.add(s.subscriber);

    // Three events committed together are read by one pull, as one batch.
    await events.transaction(async (tx) => {
      await events.append(tx, customerUpdated('a'), { customerId: null });
      await events.append(tx, customerUpdated('b'), { customerId: customer.id });
      await events.append(tx, customerUpdated('c'), { customerId: null });
    });
    await hub.pull();
    // Held until the event loop has run what was ready: then every socket is uncorked at once.
    await new Promise((resolve) => setImmediate(resolve));

    expect(agent.calls).toEqual(['cork', 'event a', 'event b', 'event c', 'uncork']);
    expect(own.calls).toEqual(['cork', 'event b', 'uncork']);
    // Nothing for this customer: the socket is left alone.
    expect(other.calls).toEqual([]);
    // Dropped as too slow: still uncorked, so its close frame leaves.
    expect(slow.calls).toEqual(['cork', 'close 4408', 'uncork']);
    for (const s of [agent, own, other, slow]) hub.remove(s.subscriber);
  });

  it('serializes an event once for all its sockets, each of which gets it once', async () => {
    const agents = await Promise.all(
      Array.from({ length: 50 }, async () => recordingSubscriber(await makeAgent(database.db))),
    );
    const customer = await makeCustomer(database.db);
    const own = recordingSubscriber(customer);
    const other = recordingSubscriber(await makeCustomer(database.db));
    for (const s of [...agents, own, other]) hub.add(s.subscriber);

    await events.transaction(async (tx) => {
      await events.append(tx, customerUpdated('all'), { customerId: null });
      await events.append(tx, customerUpdated('own'), { customerId: customer.id });
    });
    await hub.pull();
    await new Promise((resolve) => setImmediate(resolve));

    for (const agent of agents) {
      expect(agent.calls).toEqual(['cork', 'event all', 'event own', 'uncork']);
      // The very frame every other agent got: one JSON.stringify and one WebSocket frame each.
      expect(agent.frames[0]).toBe(agents[0]!.frames[0]);
      expect(agent.frames[1]).toBe(agents[0]!.frames[1]);
    }
    expect(own.calls).toEqual(['cork', 'event own', 'uncork']);
    expect(own.frames[0]).toBe(agents[0]!.frames[1]);
    expect(other.calls).toEqual([]);
    for (const s of [...agents, own, other]) hub.remove(s.subscriber);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('the hub on PostgreSQL: reads per notification', () => {
  let created: { url: string; drop(): Promise<void> };
  /** The hub's database, with one connection: a test can keep it busy. */
  let database: Database;
  /** Another instance, or a script: its commits reach the hub by notification only. */
  let writer: Database;
  let writerEvents: EventLog;
  let notifications: Notifications;
  let hub: RealtimeHub;
  let agent: ReturnType<typeof recordingSubscriber>;
  const notified: string[] = [];
  const heard = (count: number) => vi.waitFor(() => expect(notified).toHaveLength(count));
  const commit = (id: string) =>
    writerEvents.transaction((tx) =>
      writerEvents.append(tx, customerUpdated(id), { customerId: null }),
    );
  const delivered = (id: string) => vi.waitFor(() => expect(agent.calls).toContain(`event ${id}`));

  beforeAll(async () => {
    created = await createPostgresTestDatabase(serverUrl!);
    database = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 1 });
    await migrateDatabase(database);
    writer = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 1 });
    writerEvents = new EventLog(writer, new EventBus());
    notifications = database.notifications(Fastify().log);
    hub = new RealtimeHub(
      database,
      new EventLog(database, new EventBus()),
      Fastify().log,
      notifications,
    );
    // Registered after the hub's handler: once the test has a payload, the hub has seen it too.
    notifications.on(EVENTS_CHANNEL, (payload) => notified.push(payload));
    agent = recordingSubscriber(await makeAgent(database.db));
    hub.add(agent.subscriber);
    await hub.start();
    await notifications.start();
  });
  afterAll(async () => {
    await hub.stop();
    await notifications.stop();
    await writer.close();
    await database.close();
    await created.drop();
  });

  it('an id it has read already costs no read; a new one costs one', async () => {
    notified.length = 0;
    await commit('a');
    await heard(1);
    await delivered('a');
    const reads = vi.spyOn(database, 'prepared');

    // The same id again (as when the hub's own commit was read before its notification came).
    await writer.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${notified[0]!})`);
    await heard(2);
    expect(reads).not.toHaveBeenCalled();

    await commit('b');
    await heard(3);
    await delivered('b');
    expect(reads).toHaveBeenCalledTimes(1);
    reads.mockRestore();
  });

  it('a notification during a read costs another read only if that read did not reach it', async () => {
    notified.length = 0;
    const reads = vi.spyOn(database, 'prepared');
    // Keep the hub's one connection busy, so the read a notification starts has to wait.
    let began!: () => void;
    const busy = new Promise<void>((resolve) => (began = resolve));
    let release!: () => void;
    const held = database.db.transaction(async () => {
      began();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await busy;

    await commit('c');
    await heard(1);
    expect(reads).toHaveBeenCalledTimes(1);
    // The same id again while that read waits: the read will reach it, so no second read.
    await writer.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${notified[0]!})`);
    await heard(2);
    release();
    await held;
    await delivered('c');
    expect(reads).toHaveBeenCalledTimes(1);
    expect(agent.calls.filter((c) => c === 'event c')).toHaveLength(1);
    reads.mockRestore();
  });
});

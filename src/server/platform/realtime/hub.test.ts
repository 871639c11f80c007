import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Notifications } from '../../db/notifications';
import {
  openPgliteTestDatabase,
  openPostgresTestDatabase,
  type TestDatabase,
} from '../../../../tests/support/databases';
import { makeAgent, makeCustomer } from '../../../../tests/support/users';
import type { SessionUser } from '../sessions';
import { EVENTS_CHANNEL, EventLog, type NewEvent } from './events';
import { RealtimeHub, type Subscriber } from './hub';

/** A socket that writes down what the hub does with it, in order. */
function recordingSubscriber(user: SessionUser, options: { buffered?: number } = {}) {
  const calls: string[] = [];
  const subscriber: Subscriber = {
    user,
    tokenHash: 'token',
    lastSentId: 0,
    pending: null,
    send: (frame) => calls.push(frame.type),
    sendSerialized: (frame) => {
      const { event } = JSON.parse(frame.toString()) as { event: { customer: { id: string } } };
      calls.push(`event ${event.customer.id}`);
    },
    bufferedAmount: () => options.buffered ?? 0,
    cork: () => calls.push('cork'),
    uncork: () => calls.push('uncork'),
    close: (code) => calls.push(`close ${code}`),
  };
  return { subscriber, calls };
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
    events = new EventLog(database);
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
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('the hub on PostgreSQL', () => {
  let database: TestDatabase;
  let notifications: Notifications;
  let hub: RealtimeHub;

  beforeAll(async () => {
    database = await openPostgresTestDatabase(serverUrl!);
    notifications = database.notifications(Fastify().log);
    hub = new RealtimeHub(database, new EventLog(database), Fastify().log, notifications);
    await hub.start();
    await notifications.start();
  });
  afterAll(async () => {
    await hub.stop();
    await notifications.stop();
    await database.dispose();
  });

  it('reads on a notification only what it has not read yet', async () => {
    const notified: string[] = [];
    // Registered after the hub's handler: once it has the payload, the hub has seen it too.
    notifications.on(EVENTS_CHANNEL, (payload) => notified.push(payload));
    const heard = (count: number) => vi.waitFor(() => expect(notified).toHaveLength(count));
    const events = new EventLog(database);
    await events.transaction((tx) => events.append(tx, customerUpdated('a'), { customerId: null }));
    await heard(1);
    await hub.pull();
    const pulls = vi.spyOn(hub, 'pull');

    // The same id again (as when the hub's own commit was read before its notification came):
    // nothing new, no query.
    await database.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${notified[0]!})`);
    await heard(2);
    expect(pulls).not.toHaveBeenCalled();

    // Another writer's event (another instance, a script): the notification makes the hub read.
    await events.transaction((tx) => events.append(tx, customerUpdated('b'), { customerId: null }));
    await heard(3);
    expect(pulls).toHaveBeenCalledTimes(1);
  });
});

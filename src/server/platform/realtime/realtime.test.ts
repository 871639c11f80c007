import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { rows } from '../../db/raw';
import { EventBus } from '../event-bus';
import { EventLog, type NewEvent } from './events';
import {
  createPostgresTestDatabase,
  openPgliteTestDatabase,
  type TestDatabase,
} from '../../../../tests/support/databases';
import { startTwoInstances, type TwoInstances } from '../../../../tests/support/two-instances';
import { TestSocket } from '../../../../tests/support/ws-client';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('realtime across two instances on one PostgreSQL', () => {
  let two: TwoInstances;

  beforeAll(async () => {
    two = await startTwoInstances(serverUrl!);
  });
  afterAll(() => two.close());

  it('a message sent through one instance reaches a socket on the other, and survives a LISTEN drop', async () => {
    const { a, b, databases } = two;
    const { db } = databases[0];
    const { customerCookie, agentCookie } = await two.customerAndAgent();

    const agentOnB = await TestSocket.connect(b.baseUrl, agentCookie);
    await agentOnB.resume();

    const session = await a.app.inject({
      method: 'POST',
      url: '/api/chat-sessions',
      headers: { cookie: customerCookie },
      payload: { category: 'bitcoin' },
    });
    const sessionId = session.json().id as number;
    const sent = await a.app.inject({
      method: 'POST',
      url: `/api/chat-sessions/${sessionId}/messages`,
      headers: { cookie: customerCookie },
      payload: { clientMessageId: randomUUID(), content: 'from instance A' },
    });
    expect(sent.statusCode).toBe(201);
    await agentOnB.waitForEvent(
      (e) => e.type === 'message.created' && e.message.id === sent.json().id,
      'the message on instance B',
    );

    // Cut instance B's LISTEN connection: it reconnects and catches up on what it missed.
    await db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'LISTEN%' and datname = current_database()`,
    );
    const during = await a.app.inject({
      method: 'POST',
      url: `/api/chat-sessions/${sessionId}/messages`,
      headers: { cookie: customerCookie },
      payload: { clientMessageId: randomUUID(), content: 'while B was reconnecting' },
    });
    await agentOnB.waitForEvent(
      (e) => e.type === 'message.created' && e.message.id === during.json().id,
      'the message sent while LISTEN was down',
      15_000,
    );
    const ids = agentOnB.events.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    agentOnB.close();
  });

  it('what one instance keeps in memory follows changes made through the other', async () => {
    const { a, b } = two;
    const { customerCookie, agentCookie } = await two.customerAndAgent();
    const onB = (url: string, cookie: string) =>
      b.app.inject({ method: 'GET', url, headers: { cookie } });
    const soon = <T>(read: () => Promise<T>, expected: T) =>
      expect.poll(read, { timeout: 1_000, interval: 20 }).toEqual(expected);

    // B keeps the agents' first page; a message sent through A shows there at once.
    const session = await a.app.inject({
      method: 'POST',
      url: '/api/chat-sessions',
      headers: { cookie: customerCookie },
      payload: { category: 'usdt' },
    });
    const sessionId = session.json<{ id: number }>().id;
    const lastOnB = async () => {
      const page = (await onB('/api/chat-sessions', agentCookie)).json<{
        items: { id: number; lastMessage: { content: string } | null }[];
      }>();
      return page.items.find((s) => s.id === sessionId)?.lastMessage?.content ?? null;
    };
    await soon(lastOnB, null);
    await a.app.inject({
      method: 'POST',
      url: `/api/chat-sessions/${sessionId}/messages`,
      headers: { cookie: customerCookie },
      payload: { clientMessageId: randomUUID(), content: 'sent through A' },
    });
    await soon(lastOnB, 'sent through A');

    // B knows the customer's session; a sign-out on A ends it on B too.
    expect((await onB('/api/auth/user', customerCookie)).statusCode).toBe(200);
    const logout = await a.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie: customerCookie },
    });
    expect(logout.statusCode).toBe(302);
    await soon(async () => (await onB('/api/auth/user', customerCookie)).statusCode, 401);
  });
});

/** An event of its own, told apart by `text`. */
const event = (text: string) =>
  ({ type: 'customer.updated', customer: { id: text } }) as unknown as NewEvent;

/**
 * A first writer that appends its event and then holds its transaction open until `commit`
 * is called; resolves once the event is inserted.
 */
async function heldFirstWriter(events: EventLog): Promise<{ commit(): Promise<void> }> {
  let release!: () => void;
  const mayCommit = new Promise<void>((resolve) => (release = resolve));
  let inserted!: () => void;
  const hasInserted = new Promise<void>((resolve) => (inserted = resolve));
  const first = events.transaction(async (tx) => {
    await events.append(tx, event('first'), { customerId: null });
    inserted();
    await mayCommit;
  });
  await hasInserted;
  return {
    commit: () => {
      release();
      return first;
    },
  };
}

/** Whether the renumbering trigger of migration 0002 is on ('O') or off ('D'). */
async function numberingTrigger(database: Database): Promise<string | undefined> {
  const [trigger] = await rows<{ enabled: string }>(
    database.db,
    sql`select tgenabled as enabled from pg_trigger where tgname = 'realtime_events_number_at_commit'`,
  );
  return trigger?.enabled;
}

/** The events' ids and writers, by id. */
function eventsById(database: Database) {
  return rows<{ id: string; who: string }>(
    database.db,
    sql`select id, payload->'customer'->>'id' as who from realtime_events order by id`,
  );
}

describe.skipIf(!serverUrl)('event ids on PostgreSQL with concurrent writers', () => {
  let created: { url: string; drop(): Promise<void> };
  let database: Database;

  beforeAll(async () => {
    created = await createPostgresTestDatabase(serverUrl!);
    database = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 4 });
    await migrateDatabase(database);
  });
  afterAll(async () => {
    await database.close();
    await created.drop();
  });

  it('are given at commit, in commit order: what a reader sees never gains a lower id later', async () => {
    const events = new EventLog(database, new EventBus());
    // The first writer appends first but commits last.
    const first = await heldFirstWriter(events);
    await events.transaction(async (tx) => {
      await events.append(tx, event('second'), { customerId: null });
    });
    const seenBefore = await eventsById(database);
    await first.commit();
    const all = await eventsById(database);
    expect(all.map((r) => r.who)).toEqual(['second', 'first']);
    expect(seenBefore.map((r) => r.id)).toEqual([all[0]!.id]);
    expect(await numberingTrigger(database)).toBe('O');
  });
});

describe('event ids on PGlite', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openPgliteTestDatabase();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('are in commit order without the renumbering trigger: a second writer waits for the first', async () => {
    // Off (migrate.ts); PostgreSQL keeps it on (the test above).
    expect(await numberingTrigger(database)).toBe('D');
    const events = new EventLog(database, new EventBus());
    const first = await heldFirstWriter(events);
    const second = events.transaction(async (tx) => {
      await events.append(tx, event('second'), { customerId: null });
    });
    await Promise.all([first.commit(), second]);
    const all = await eventsById(database);
    expect(all.map((r) => r.who)).toEqual(['first', 'second']);
  });
});

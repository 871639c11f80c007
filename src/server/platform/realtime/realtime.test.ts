import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { createPostgresTestDatabase } from '../../../../tests/support/databases';
import { startLiveApp, type LiveApp } from '../../../../tests/support/live-app';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import { TestSocket } from '../../../../tests/support/ws-client';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('realtime across two instances on one PostgreSQL', () => {
  let created: { url: string; drop(): Promise<void> };
  const databases: Database[] = [];
  let a: LiveApp;
  let b: LiveApp;

  beforeAll(async () => {
    created = await createPostgresTestDatabase(serverUrl!);
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 4 });
      await migrateDatabase(database);
      databases.push(database);
    }
    a = await startLiveApp(databases[0]!);
    b = await startLiveApp(databases[1]!);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    for (const d of databases) await d.close();
    await created.drop();
  });

  it('a message sent through one instance reaches a socket on the other, and survives a LISTEN drop', async () => {
    const db = databases[0]!.db;
    const customer = await makeCustomer(db);
    const agent = await makeAgent(db);
    const customerCookie = await sessionCookie(db, customer);
    const agentCookie = await sessionCookie(db, agent);

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
});

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chatSessionPageSchema } from '../../shared/api/chat-sessions';
import { BANNED_MESSAGE } from '../../shared/api/customers';
import { rows } from '../db/raw';
import { listChatSessions } from '../features/chat-sessions/list-chat-sessions';
import { createTestApp } from '../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../tests/support/databases';
import { makeAgent, makeCustomer, sessionCookie } from '../../../tests/support/users';

/**
 * What each instance keeps in memory (who a cookie belongs to, the agents' first page of chats)
 * must never outlive a change, whoever makes it: here the changes are made straight in the
 * database, past the app, so only the database's notifications can tell it.
 */
describe.each(testDatabaseKinds())('what the app keeps in memory, on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await kind.open();
    app = await createTestApp({ database });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const get = (url: string, cookie: string) =>
    app.inject({ method: 'GET', url, headers: { cookie } });

  /** PGlite tells the app before the change's query returns; PostgreSQL a moment after commit. */
  async function soon<T>(read: () => Promise<T>, expected: T): Promise<void> {
    await expect.poll(read, { timeout: 1_000, interval: 20 }).toEqual(expected);
  }

  it('reads a session again after 5 s on PostgreSQL, after a minute on PGlite', async () => {
    const customer = await makeCustomer(database.db);
    const cookie = await sessionCookie(database.db, customer);
    expect((await get('/api/auth/user', cookie)).statusCode).toBe(200);
    const lookups = async () => {
      let read = 0;
      const stop = database.watchStatements((text) => {
        if (text.startsWith('select') && text.includes('"auth_sessions"')) read++;
      });
      try {
        expect((await get('/api/auth/user', cookie)).statusCode).toBe(200);
      } finally {
        stop();
      }
      return read;
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 10_000);
      // PGlite: every change is heard before it returns (one process), so 5 s guards nothing.
      expect(await lookups()).toBe(kind.name === 'pglite' ? 0 : 1);
      vi.setSystemTime(Date.now() + 61_000);
      expect(await lookups()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a session ended in the database on the next request', async () => {
    const customer = await makeCustomer(database.db);
    const cookie = await sessionCookie(database.db, customer);
    expect((await get('/api/auth/user', cookie)).statusCode).toBe(200);
    expect((await get('/api/auth/user', cookie)).statusCode).toBe(200);
    await database.db.execute(sql`delete from auth_sessions where user_id = ${customer.id}`);
    await soon(async () => (await get('/api/auth/user', cookie)).statusCode, 401);
  });

  it('refuses an agent deactivated in the database, and bans a customer at once', async () => {
    const agent = await makeAgent(database.db);
    const agentCookie = await sessionCookie(database.db, agent);
    expect((await get('/api/agent/user', agentCookie)).statusCode).toBe(200);
    await database.db.execute(sql`update users set is_active = false where id = ${agent.id}`);
    await soon(async () => (await get('/api/agent/user', agentCookie)).statusCode, 401);

    const customer = await makeCustomer(database.db);
    const cookie = await sessionCookie(database.db, customer);
    const created = await app.inject({
      method: 'POST',
      url: '/api/chat-sessions',
      headers: { cookie },
      payload: { category: 'bitcoin' },
    });
    expect(created.statusCode).toBe(201);
    const send = () =>
      app.inject({
        method: 'POST',
        url: `/api/chat-sessions/${created.json<{ id: number }>().id}/messages`,
        headers: { cookie },
        payload: { clientMessageId: randomUUID(), content: 'hello' },
      });
    expect((await send()).statusCode).toBe(201);
    await database.db.execute(
      sql`update users set customer_status = 'banned' where id = ${customer.id}`,
    );
    await soon(
      async () => {
        const res = await send();
        return { status: res.statusCode, error: res.json<{ error: string }>().error };
      },
      { status: 403, error: BANNED_MESSAGE },
    );
  });

  it("keeps the agents' first page of chats until a chat or a name changes", async () => {
    const agent = await makeAgent(database.db);
    const cookie = await sessionCookie(database.db, agent);
    const customer = await makeCustomer(database.db, { firstName: 'Before' });
    const [session] = await rows<{ id: number }>(
      database.db,
      sql`insert into chat_sessions (customer_id, category) values (${customer.id}, 'usdt') returning id`,
    );
    type Page = {
      items: {
        id: number;
        customer: { firstName: string };
        lastMessage: { content: string } | null;
      }[];
    };
    const row = async () => {
      const res = await get('/api/chat-sessions', cookie);
      expect(res.statusCode).toBe(200);
      const item = res.json<Page>().items.find((s) => s.id === session!.id);
      return { name: item?.customer.firstName, last: item?.lastMessage?.content ?? null };
    };
    expect(await row()).toEqual({ name: 'Before', last: null });
    // On PostgreSQL the notifications of the writes above may still be on their way, and each
    // one empties the cache. Instead of a pause, two later changes seen on the page: the
    // database tells its notifications in commit order, and the page shows a change once the
    // app has heard of it (or read past a cleared cache), so by then the earlier ones are in.
    await database.db.execute(
      sql`update users set first_name = 'Between' where id = ${customer.id}`,
    );
    await soon(row, { name: 'Between', last: null });
    await database.db.execute(
      sql`update users set first_name = 'Before' where id = ${customer.id}`,
    );
    await soon(row, { name: 'Before', last: null });

    // Served as written JSON: the same page the route writes from a fresh read.
    const served = await get('/api/chat-sessions', cookie);
    expect(served.headers['content-type']).toBe('application/json; charset=utf-8');
    const read = await listChatSessions({
      db: database.db,
      caller: agent,
      scope: 'all',
      limit: 50,
    });
    expect(chatSessionPageSchema.parse(served.json())).toEqual(
      chatSessionPageSchema.parse(JSON.parse(JSON.stringify(read))),
    );

    // Kept: with the notification switched off, a change goes unseen (this is what it saves).
    await database.db.execute(sql`alter table users disable trigger users_changed`);
    try {
      await database.db.execute(
        sql`update users set first_name = 'After' where id = ${customer.id}`,
      );
      expect(await row()).toEqual({ name: 'Before', last: null });
    } finally {
      await database.db.execute(sql`alter table users enable trigger users_changed`);
    }

    // Renewed: a name changed in the database, then a message written past the app.
    await database.db.execute(sql`update users set first_name = 'After' where id = ${customer.id}`);
    await soon(row, { name: 'After', last: null });
    await database.db.execute(
      sql`insert into messages (chat_session_id, sender_id, content, client_message_id)
          values (${session!.id}, ${customer.id}, 'written past the app', ${randomUUID()})`,
    );
    await soon(row, { name: 'After', last: 'written past the app' });
  });
});

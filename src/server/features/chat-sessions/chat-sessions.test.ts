import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSessionPageSchema } from '../../../shared/api/chat-sessions';
import { createTestApp } from '../../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import { orders } from '../../db/schema';

describe.each(testDatabaseKinds())('chat sessions on $name', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let agentCookie: string;

  async function call(cookie: string, method: 'GET' | 'POST', url: string, body?: object) {
    const res = await app.inject({
      method,
      url,
      headers: { cookie },
      ...(body === undefined ? {} : { payload: body }),
    });
    return { status: res.statusCode, body: res.json() };
  }

  beforeAll(async () => {
    database = await kind.open();
    app = await createTestApp({ database });
    agentCookie = await sessionCookie(database.db, await makeAgent(database.db));
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('pages through sessions newest first with a cursor and searches by name', async () => {
    const dave = await makeCustomer(database.db, { firstName: 'Dave', lastName: 'Zebra' });
    const daveCookie = await sessionCookie(database.db, dave);
    for (let i = 0; i < 3; i++) {
      expect(
        (await call(daveCookie, 'POST', '/api/chat-sessions', { category: 'usdt' })).status,
      ).toBe(201);
    }
    const page1 = chatSessionPageSchema.parse(
      (await call(agentCookie, 'GET', '/api/chat-sessions?limit=2&q=zebr')).body,
    );
    expect(page1.items).toHaveLength(2);
    expect(page1.nextCursor).not.toBeNull();
    const page2 = chatSessionPageSchema.parse(
      (
        await call(
          agentCookie,
          'GET',
          `/api/chat-sessions?limit=2&q=zebr&cursor=${page1.nextCursor}`,
        )
      ).body,
    );
    expect(page2.items).toHaveLength(1);
    expect(page2.nextCursor).toBeNull();
    const ids = [...page1.items, ...page2.items].map((s) => s.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await call(agentCookie, 'GET', '/api/chat-sessions?cursor=garbage')).status).toBe(400);
    const unread = chatSessionPageSchema.parse(
      (await call(agentCookie, 'GET', '/api/chat-sessions?filter=unread&q=zebra')).body,
    );
    expect(unread.items.every((s) => s.agentId === null)).toBe(true);
  });

  it("lists one customer's chats for agents; a customer never gets another's", async () => {
    const ola = await makeCustomer(database.db, { firstName: 'Ola', lastName: 'Desk' });
    const kemi = await makeCustomer(database.db, { firstName: 'Kemi', lastName: 'Desk' });
    const olaCookie = await sessionCookie(database.db, ola);
    const kemiCookie = await sessionCookie(database.db, kemi);
    const olaChats: number[] = [];
    for (const category of ['bitcoin', 'usdt']) {
      const res = await call(olaCookie, 'POST', '/api/chat-sessions', { category });
      olaChats.push(res.body.id);
    }
    await call(kemiCookie, 'POST', '/api/chat-sessions', { category: 'usdt' });
    for (const url of ['/api/chat-sessions/all', '/api/chat-sessions']) {
      const page = chatSessionPageSchema.parse(
        (await call(agentCookie, 'GET', `${url}?customerId=${ola.id}`)).body,
      );
      expect(page.items.map((s) => s.id)).toEqual([...olaChats].reverse());
      expect(page.items.every((s) => s.customer.id === ola.id)).toBe(true);
    }
    // Kemi asking for Ola's chats gets none of them: her own list, narrowed to Ola's, is empty.
    const asKemi = chatSessionPageSchema.parse(
      (await call(kemiCookie, 'GET', `/api/chat-sessions?customerId=${ola.id}`)).body,
    );
    expect(asKemi.items).toEqual([]);
    expect((await call(agentCookie, 'GET', '/api/chat-sessions/all?customerId=nope')).body).toEqual(
      { error: expect.stringMatching(/Invalid customer id/) },
    );
  });

  it("finds a chat by its order's reference, for staff; a customer only among their own", async () => {
    const tobi = await makeCustomer(database.db, { firstName: 'Tobi', lastName: 'Desk' });
    const tobiCookie = await sessionCookie(database.db, tobi);
    const chatId = (await call(tobiCookie, 'POST', '/api/chat-sessions', { category: 'bitcoin' }))
      .body.id as number;
    await call(tobiCookie, 'POST', '/api/chat-sessions', { category: 'usdt' });
    await database.db.insert(orders).values({
      reference: 'AC-7F3K2Q9D',
      chatSessionId: chatId,
      customerId: tobi.id,
      coin: 'bitcoin',
      network: 'BTC',
      amountCrypto: '0.05',
      rateNaira: '160050000',
      totalNaira: '8002500.00',
      state: 'quoted',
      expiresAt: new Date(Date.now() + 15 * 60_000),
    });
    for (const q of ['AC-7F3K2Q9D', '7f3k2q']) {
      const found = chatSessionPageSchema.parse(
        (await call(agentCookie, 'GET', `/api/chat-sessions/all?q=${q}`)).body,
      );
      expect(found.items.map((s) => s.id)).toEqual([chatId]);
    }
    const other = await makeCustomer(database.db);
    const otherCookie = await sessionCookie(database.db, other);
    const asOther = chatSessionPageSchema.parse(
      (await call(otherCookie, 'GET', '/api/chat-sessions?q=AC-7F3K2Q9D')).body,
    );
    expect(asOther.items).toEqual([]);
  });
});

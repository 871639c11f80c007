import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER_ID } from '../../../shared/api/demo';
import { createTestApp } from '../../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { makeCustomer, sessionCookie } from '../../../../tests/support/users';

describe.each(testDatabaseKinds())('demo mode on $name', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    database = await kind.open();
    app = await createTestApp({ database });
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('creates a demo session for the fixed test customer and posts and polls its messages', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/test/chat-sessions',
      payload: {
        customerId: DEMO_CUSTOMER_ID,
        category: 'bitcoin',
        status: 'open',
        priority: 'medium',
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      customerId: DEMO_CUSTOMER_ID,
      category: 'bitcoin',
      status: 'open',
      priority: 'medium',
    });
    const id = created.json().id as number;
    const sent = await app.inject({
      method: 'POST',
      url: '/api/test/messages',
      payload: {
        chatSessionId: id,
        senderId: DEMO_CUSTOMER_ID,
        content: '  hello demo  ',
        messageType: 'text',
      },
    });
    expect(sent.statusCode).toBe(201);
    const list = await app.inject({ method: 'GET', url: `/api/test/messages/${id}` });
    expect(list.json()).toEqual([
      expect.objectContaining({ content: 'hello demo', senderId: DEMO_CUSTOMER_ID }),
    ]);
    const sessions = await app.inject({ method: 'GET', url: '/api/test/chat-sessions' });
    expect(sessions.json().map((s: { id: number }) => s.id)).toContain(id);
  });

  it('never reaches a real customer: other customer ids, sender ids and sessions are refused', async () => {
    const real = await makeCustomer(database.db);
    const cookie = await sessionCookie(database.db, real);
    const realSession = await app.inject({
      method: 'POST',
      url: '/api/chat-sessions',
      headers: { cookie },
      payload: { category: 'usdt' },
    });
    await app.inject({
      method: 'POST',
      url: `/api/chat-sessions/${realSession.json().id}/messages`,
      headers: { cookie },
      payload: { clientMessageId: randomUUID(), content: 'private' },
    });
    const read = await app.inject({
      method: 'GET',
      url: `/api/test/messages/${realSession.json().id}`,
    });
    expect(read.statusCode).toBe(404);
    const post = await app.inject({
      method: 'POST',
      url: '/api/test/messages',
      payload: {
        chatSessionId: realSession.json().id,
        senderId: DEMO_CUSTOMER_ID,
        content: 'spoof',
      },
    });
    expect(post.statusCode).toBe(404);
    const asReal = await app.inject({
      method: 'POST',
      url: '/api/test/chat-sessions',
      payload: { customerId: real.id, category: 'usdt' },
    });
    expect(asReal.statusCode).toBe(400);
  });

  it('is absent when DEMO_MODE is off', async () => {
    const off = await createTestApp({ database, env: { DEMO_MODE: 'false' } });
    const res = await off.inject({ method: 'GET', url: '/api/test/chat-sessions' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found' });
    await off.close();
  });
});

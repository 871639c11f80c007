import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER_ID } from '../../../shared/api/demo';
import { createTestApp } from '../../../../tests/support/app';
import { chatSessions, messages } from '../../db/schema';
import { MAX_FAILED_ATTEMPTS } from '../../platform/attempts';
import { DEMO_MAX_MESSAGES_PER_SESSION, DEMO_MAX_SESSIONS } from './demo-customer';
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

  it('is off unless asked for outside development (NODE_ENV=test, DEMO_MODE unset)', async () => {
    const unset = await createTestApp({ database, env: { DEMO_MODE: '' } });
    const res = await unset.inject({ method: 'GET', url: '/api/test/chat-sessions' });
    expect(res.statusCode).toBe(404);
    await unset.close();
  });

  it('limits the public writes per address, each address on its own', async () => {
    const from = (remoteAddress: string, content: string, chatSessionId: number) =>
      app.inject({
        method: 'POST',
        url: '/api/test/messages',
        remoteAddress,
        payload: { chatSessionId, senderId: DEMO_CUSTOMER_ID, content },
      });
    const created = await app.inject({
      method: 'POST',
      url: '/api/test/chat-sessions',
      remoteAddress: '198.51.100.20',
      payload: { customerId: DEMO_CUSTOMER_ID, category: 'usdt' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    // The session above was the first of this address's writes.
    for (let i = 1; i < MAX_FAILED_ATTEMPTS['demo-write']; i++) {
      expect((await from('198.51.100.20', `hello ${i}`, id)).statusCode).toBe(201);
    }
    const limited = await from('198.51.100.20', 'one too many', id);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: 'Too many demo messages from your address. Please wait 15 minutes.',
    });
    const session = await app.inject({
      method: 'POST',
      url: '/api/test/chat-sessions',
      remoteAddress: '198.51.100.20',
      payload: { customerId: DEMO_CUSTOMER_ID, category: 'usdt' },
    });
    expect(session.statusCode).toBe(429);
    expect((await from('198.51.100.21', 'another visitor', id)).statusCode).toBe(201);
  });

  it('is absent when DEMO_MODE is off', async () => {
    const off = await createTestApp({ database, env: { DEMO_MODE: 'false' } });
    const res = await off.inject({ method: 'GET', url: '/api/test/chat-sessions' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found' });
    await off.close();
  });
});

describe.each(testDatabaseKinds())('the size of the demo on $name', (kind) => {
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

  const createSession = (remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/test/chat-sessions',
      remoteAddress,
      payload: { customerId: DEMO_CUSTOMER_ID, category: 'bitcoin' },
    });

  it('keeps at most DEMO_MAX_MESSAGES_PER_SESSION messages in a demo chat', async () => {
    const created = await createSession('203.0.113.1');
    const id = created.json().id as number;
    // Filled by hand: through the API each address's limit would stop it long before.
    await database.db.insert(messages).values(
      Array.from({ length: DEMO_MAX_MESSAGES_PER_SESSION - 1 }, (_, i) => ({
        chatSessionId: id,
        senderId: DEMO_CUSTOMER_ID,
        content: `filler ${i}`,
        clientMessageId: randomUUID(),
      })),
    );
    const send = (content: string) =>
      app.inject({
        method: 'POST',
        url: '/api/test/messages',
        remoteAddress: '203.0.113.2',
        payload: { chatSessionId: id, senderId: DEMO_CUSTOMER_ID, content },
      });
    expect((await send('the last one')).statusCode).toBe(201);
    const full = await send('one more');
    expect(full.statusCode).toBe(429);
    expect(full.json()).toEqual({
      error: `This demo chat is full: it keeps at most ${DEMO_MAX_MESSAGES_PER_SESSION} messages. Start another.`,
    });
  });

  it('keeps at most DEMO_MAX_SESSIONS demo chats in all, whatever the addresses', async () => {
    const existing = await database.db.$count(
      chatSessions,
      eq(chatSessions.customerId, DEMO_CUSTOMER_ID),
    );
    await database.db.insert(chatSessions).values(
      Array.from({ length: DEMO_MAX_SESSIONS - existing - 1 }, () => ({
        customerId: DEMO_CUSTOMER_ID,
        category: 'usdt' as const,
      })),
    );
    expect((await createSession('203.0.113.3')).statusCode).toBe(201);
    const full = await createSession('203.0.113.4');
    expect(full.statusCode).toBe(429);
    expect(full.json()).toEqual({
      error: `The demo is full: it keeps at most ${DEMO_MAX_SESSIONS} chats.`,
    });
  });
});

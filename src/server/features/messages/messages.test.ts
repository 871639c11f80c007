import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSessionPageSchema } from '../../../shared/api/chat-sessions';
import { BANNED_MESSAGE } from '../../../shared/api/customers';
import { messageSchema } from '../../../shared/api/messages';
import { SOCKET_CLOSE_CODES } from '../../../shared/api/realtime';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { startLiveApp, type LiveApp } from '../../../../tests/support/live-app';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import { TestSocket } from '../../../../tests/support/ws-client';
import { auditLog, messages } from '../../db/schema';
import type { SessionUser } from '../../platform/sessions';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(testDatabaseKinds())('messages on $name', (kind) => {
  let database: TestDatabase;
  let live: LiveApp;
  let alice: SessionUser;
  let bob: SessionUser;
  let agent: SessionUser;
  const cookies: Record<string, string> = {};

  async function call(
    who: 'alice' | 'bob' | 'agent' | 'second',
    method: string,
    url: string,
    body?: unknown,
  ) {
    const res = await live.app.inject({
      method: method as 'GET',
      url,
      headers: { cookie: cookies[who]! },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return {
      status: res.statusCode,
      body: res.body ? res.json() : undefined,
      headers: res.headers,
    };
  }

  function upload(
    who: 'alice' | 'bob' | 'agent',
    sessionId: number,
    file: Buffer,
    clientMessageId = randomUUID(),
  ) {
    const boundary = '----agentchat-test';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="clientMessageId"\r\n\r\n${clientMessageId}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="caption"\r\n\r\nmy wallet\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="wallet.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return live.app.inject({
      method: 'POST',
      url: `/api/chat-sessions/${sessionId}/attachments`,
      headers: {
        cookie: cookies[who]!,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
  }

  beforeAll(async () => {
    database = await kind.open();
    live = await startLiveApp(database, { DATA_DIR: `/tmp/agentchat-chat-test-${randomUUID()}` });
    alice = await makeCustomer(database.db, { firstName: 'Alice', lastName: 'Ade' });
    bob = await makeCustomer(database.db, { firstName: 'Bob', lastName: 'Bello' });
    agent = await makeAgent(database.db);
    cookies.alice = await sessionCookie(database.db, alice);
    cookies.bob = await sessionCookie(database.db, bob);
    cookies.agent = await sessionCookie(database.db, agent);
  });
  afterAll(async () => {
    await live.close();
    await database.dispose();
  });

  it('a customer starts a chat, the agent sees it live, replies, and is assigned; B sees nothing', async () => {
    const agentSocket = await TestSocket.connect(live.baseUrl, cookies.agent!);
    await agentSocket.resume();
    // On Break, the agent is given no chat by round-robin: the chat waits for a first reply.
    expect((await call('agent', 'PUT', '/api/availability/me', { state: 'break' })).status).toBe(
      200,
    );
    const aliceSocket = await TestSocket.connect(live.baseUrl, cookies.alice!);
    await aliceSocket.resume();
    const bobSocket = await TestSocket.connect(live.baseUrl, cookies.bob!);
    await bobSocket.resume();

    const created = await call('alice', 'POST', '/api/chat-sessions', { category: 'bitcoin' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      category: 'bitcoin',
      status: 'open',
      priority: 'normal',
      agentId: null,
    });
    const sessionId = created.body.id as number;
    await agentSocket.waitForEvent(
      (e) => e.type === 'session.created' && e.chatSessionId === sessionId,
      'session.created',
    );

    const sent = await call('alice', 'POST', `/api/chat-sessions/${sessionId}/messages`, {
      clientMessageId: randomUUID(),
      content: '  I want to sell 0.05 BTC  ',
    });
    expect(sent.status).toBe(201);
    expect(messageSchema.parse(sent.body)).toMatchObject({
      content: 'I want to sell 0.05 BTC',
      senderRole: 'customer',
    });
    const seen = await agentSocket.waitForEvent(
      (e) => e.type === 'message.created' && e.message.id === sent.body.id,
      'message',
    );
    expect(seen).toMatchObject({ message: { content: 'I want to sell 0.05 BTC' } });

    const reply = await call('agent', 'POST', `/api/chat-sessions/${sessionId}/messages`, {
      clientMessageId: randomUUID(),
      content: 'Our rate is ₦150,000,000 per BTC',
    });
    expect(reply.status).toBe(201);
    expect(reply.body.senderRole).toBe('agent');
    await aliceSocket.waitForEvent(
      (e) => e.type === 'message.created' && e.message.id === reply.body.id,
      'reply',
    );
    const assigned = await aliceSocket.waitForEvent(
      (e) => e.type === 'session.updated' && e.session.agentId === agent.id,
      'assignment',
    );
    expect(assigned).toMatchObject({ session: { status: 'active', agent: { id: agent.id } } });

    // Event ids only increase, and the customer saw nothing of anyone else.
    const ids = aliceSocket.events.map((e) => e.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    // A sentinel: Bob's own new chat reaches his socket after every event written before it,
    // so anything of Alice's that leaked to him would be there already.
    const bobsOwn = (await call('bob', 'POST', '/api/chat-sessions', { category: 'usdt' })).body
      .id as number;
    const sentinel = await bobSocket.waitForEvent(
      (e) => e.type === 'session.created' && e.chatSessionId === bobsOwn,
      "Bob's own chat",
    );
    expect(bobSocket.events).toEqual([sentinel]);

    // B gets 404 for A's session, messages and cannot post into it.
    expect((await call('bob', 'GET', `/api/chat-sessions/${sessionId}`)).status).toBe(404);
    expect((await call('bob', 'GET', `/api/chat-sessions/${sessionId}/messages`)).status).toBe(404);
    const intrude = await call('bob', 'POST', `/api/chat-sessions/${sessionId}/messages`, {
      clientMessageId: randomUUID(),
      content: 'hello?',
    });
    expect(intrude.status).toBe(404);
    const bobList = chatSessionPageSchema.parse(
      (await call('bob', 'GET', '/api/chat-sessions')).body,
    );
    expect(bobList.items.map((s) => s.id)).not.toContain(sessionId);

    const list = chatSessionPageSchema.parse(
      (await call('agent', 'GET', '/api/chat-sessions?filter=active')).body,
    );
    const row = list.items.find((s) => s.id === sessionId)!;
    expect(row.lastMessage).toMatchObject({ id: reply.body.id });
    expect(row.customer).toMatchObject({ firstName: 'Alice' });
    for (const s of [agentSocket, aliceSocket, bobSocket]) s.close();
  });

  it('a retried send with the same client message id stores one message', async () => {
    const { body: session } = await call('alice', 'POST', '/api/chat-sessions', {
      category: 'usdt',
    });
    const clientMessageId = randomUUID();
    const first = await call('alice', 'POST', `/api/chat-sessions/${session.id}/messages`, {
      clientMessageId,
      content: 'once',
    });
    const again = await call('alice', 'POST', `/api/chat-sessions/${session.id}/messages`, {
      clientMessageId,
      content: 'once',
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const rows = await database.db
      .select()
      .from(messages)
      .where(eq(messages.chatSessionId, session.id));
    expect(rows).toHaveLength(1);
    // Concurrent retries too.
    const racing = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('alice', 'POST', `/api/chat-sessions/${session.id}/messages`, {
          clientMessageId: racing,
          content: 'race',
        }),
      ),
    );
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
  });

  it.each([
    ['empty', ''],
    ['blank', '   \n\t '],
    ['too long', 'x'.repeat(4001)],
  ])('refuses a %s message with a clear 400', async (_what, content) => {
    const { body: session } = await call('alice', 'POST', '/api/chat-sessions', {
      category: 'usdt',
    });
    const res = await call('alice', 'POST', `/api/chat-sessions/${session.id}/messages`, {
      clientMessageId: randomUUID(),
      content,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/empty|too long/i);
  });

  it('keeps 4,000 characters and HTML as plain text', async () => {
    const { body: session } = await call('alice', 'POST', '/api/chat-sessions', {
      category: 'usdt',
    });
    const content = `<img src=x onerror=alert(1)>${'y'.repeat(3972)}`;
    const res = await call('alice', 'POST', `/api/chat-sessions/${session.id}/messages`, {
      clientMessageId: randomUUID(),
      content,
    });
    expect(res.status).toBe(201);
    expect(res.body.content).toBe(content);
  });

  it('a banned customer can read but not start a chat or send; the agent sees the status change live', async () => {
    const carol = await makeCustomer(database.db, { firstName: 'Carol' });
    cookies.carol = await sessionCookie(database.db, carol);
    const { body: session } = await call('carol' as 'alice', 'POST', '/api/chat-sessions', {
      category: 'bitcoin',
    });
    const carolSocket = await TestSocket.connect(live.baseUrl, cookies.carol!);
    await carolSocket.resume();

    const banned = await call('agent', 'PATCH', `/api/admin/users/${carol.id}/customer-status`, {
      status: 'banned',
    });
    expect(banned.status).toBe(200);
    expect(banned.body.customerStatus).toBe('banned');
    await carolSocket.waitForEvent(
      (e) => e.type === 'customer.updated' && e.customer.customerStatus === 'banned',
      'status',
    );

    const start = await call('carol' as 'alice', 'POST', '/api/chat-sessions', {
      category: 'usdt',
    });
    expect(start).toMatchObject({ status: 403, body: { error: BANNED_MESSAGE } });
    const send = await call(
      'carol' as 'alice',
      'POST',
      `/api/chat-sessions/${session.id}/messages`,
      {
        clientMessageId: randomUUID(),
        content: 'let me in',
      },
    );
    expect(send).toMatchObject({ status: 403, body: { error: BANNED_MESSAGE } });
    expect(
      (await call('carol' as 'alice', 'GET', `/api/chat-sessions/${session.id}/messages`)).status,
    ).toBe(200);

    await call('agent', 'PATCH', `/api/admin/users/${carol.id}/customer-status`, {
      status: 'hold',
    });
    const ok = await call('carol' as 'alice', 'POST', `/api/chat-sessions/${session.id}/messages`, {
      clientMessageId: randomUUID(),
      content: 'on hold but talking',
    });
    expect(ok.status).toBe(201);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.entityId, carol.id));
    expect(audit.map((a) => [a.action, a.after])).toEqual([
      ['customer.status', { customerStatus: 'banned' }],
      ['customer.status', { customerStatus: 'hold' }],
    ]);
    expect(
      (
        await call('alice', 'PATCH', `/api/admin/users/${carol.id}/customer-status`, {
          status: 'active',
        })
      ).status,
    ).toBe(403);
    carolSocket.close();
  });

  it('screenshots: stored once, served only to the session customer and agents, typed from the bytes', async () => {
    const { body: session } = await call('alice', 'POST', '/api/chat-sessions', {
      category: 'bitcoin',
    });
    const res = await upload('alice', session.id, PNG);
    expect(res.statusCode).toBe(201);
    const message = messageSchema.parse(res.json());
    expect(message).toMatchObject({
      messageType: 'image',
      content: 'my wallet',
      attachment: { mime: 'image/png', name: 'wallet.png' },
    });

    for (const who of ['alice', 'agent'] as const) {
      const file = await live.app.inject({
        method: 'GET',
        url: message.attachment!.url,
        headers: { cookie: cookies[who]! },
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-disposition']).toMatch(/^inline; filename="wallet.png"$/);
      // What is served is the decoded and re-encoded image: the same pixels, new bytes.
      expect(file.rawPayload.length).toBe(message.attachment!.size);
      const served = await sharp(file.rawPayload).raw().toBuffer({ resolveWithObject: true });
      const sent = await sharp(PNG).raw().toBuffer({ resolveWithObject: true });
      expect(served.info).toMatchObject({ width: 1, height: 1, channels: sent.info.channels });
      expect(served.data.equals(sent.data)).toBe(true);
    }
    const stranger = await live.app.inject({
      method: 'GET',
      url: message.attachment!.url,
      headers: { cookie: cookies.bob! },
    });
    expect(stranger.statusCode).toBe(404);
    const visitor = await live.app.inject({ method: 'GET', url: message.attachment!.url });
    expect(visitor.statusCode).toBe(401);

    const html = await upload(
      'alice',
      session.id,
      Buffer.from('<html><script>alert(1)</script></html>'),
    );
    expect(html.statusCode).toBe(400);
    expect(html.json().error).toMatch(/JPEG, PNG or WebP/);
    const big = await upload(
      'alice',
      session.id,
      Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]),
    );
    expect(big.statusCode).toBe(413);
    const intruder = await upload('bob', session.id, PNG);
    expect(intruder.statusCode).toBe(404);
  });

  it('a socket that reconnects gets what it missed, in order, and only what it may see', async () => {
    const { body: session } = await call('alice', 'POST', '/api/chat-sessions', {
      category: 'usdt',
    });
    const first = await TestSocket.connect(live.baseUrl, cookies.alice!);
    await first.resume();
    const hello = first.frames.find((f) => f.type === 'hello') as { lastEventId: number };
    first.close();
    const sentIds: number[] = [];
    for (let i = 0; i < 5; i++) {
      const who = i % 2 ? 'agent' : 'alice';
      const res = await call(who, 'POST', `/api/chat-sessions/${session.id}/messages`, {
        clientMessageId: randomUUID(),
        content: `m${i}`,
      });
      sentIds.push(res.body.id);
    }
    await call('bob', 'POST', '/api/chat-sessions', { category: 'usdt' });
    const again = await TestSocket.connect(live.baseUrl, cookies.alice!);
    await again.resume(hello.lastEventId);
    const got = again.events.flatMap((e) => (e.type === 'message.created' ? [e.message.id] : []));
    expect(got).toEqual(sentIds);
    expect(
      again.events.every((e) => e.type !== 'session.created' || e.session.customerId === alice.id),
    ).toBe(true);
    again.close();
  });

  it('refuses a socket without a session or from another origin', async () => {
    await expect(TestSocket.connect(live.baseUrl, '')).rejects.toThrow(/401/);
    const foreign = await TestSocket.connect(live.baseUrl, cookies.alice!, {
      origin: 'https://evil.example',
    });
    await foreign.waitFor(() => foreign.closed !== null, 'close');
    expect(foreign.closed?.code).toBe(SOCKET_CLOSE_CODES.crossOrigin);
  });

  it('lists every message for agents, newest first, a page at a time', async () => {
    const carol = await makeCustomer(database.db, { firstName: 'Carol' });
    const carolCookie = await sessionCookie(database.db, carol);
    const asCarol = (method: 'GET' | 'POST', url: string, payload?: object) =>
      live.app.inject({ method, url, headers: { cookie: carolCookie }, payload });
    const sessionId = (await asCarol('POST', '/api/chat-sessions', { category: 'bitcoin' })).json()
      .id as number;
    for (const content of ['one', 'two', 'three']) {
      const sent = await asCarol('POST', `/api/chat-sessions/${sessionId}/messages`, {
        clientMessageId: randomUUID(),
        content,
      });
      expect(sent.statusCode).toBe(201);
    }
    const page1 = await call('agent', 'GET', '/api/messages/all?limit=2');
    expect(page1.body.items.map((m: { content: string }) => m.content)).toEqual(['three', 'two']);
    const page2 = await call(
      'agent',
      'GET',
      `/api/messages/all?limit=2&cursor=${page1.body.nextCursor}`,
    );
    expect(page2.body.items[0]).toMatchObject({ content: 'one', senderRole: 'customer' });
    expect((await call('agent', 'GET', '/api/messages/all?cursor=garbage')).status).toBe(400);
    expect((await asCarol('GET', '/api/messages/all')).statusCode).toBe(403);
  });

  it('two agents replying at once to a new chat: one claims it, the other is refused (locked)', async () => {
    const second = await makeAgent(database.db);
    cookies.second = await sessionCookie(database.db, second);
    const aliceSocket = await TestSocket.connect(live.baseUrl, cookies.alice!);
    await aliceSocket.resume();
    const created = await call('alice', 'POST', '/api/chat-sessions', { category: 'usdt' });
    const sessionId = created.body.id as number;

    const replies = await Promise.all(
      (['agent', 'second'] as const).map((who) =>
        call(who, 'POST', `/api/chat-sessions/${sessionId}/messages`, {
          clientMessageId: randomUUID(),
          content: `${who} here`,
        }),
      ),
    );
    // The first reply claims the chat; the chat is then locked to its winner (ADR 016).
    expect(replies.map((r) => r.status).sort()).toEqual([201, 403]);
    const won = replies.find((r) => r.status === 201)!;
    const lost = replies.find((r) => r.status === 403)!;
    expect(lost.body.error).toMatch(/is assigned to .*: it is read-only for you/);
    await aliceSocket.waitForEvent(
      (e) => e.type === 'message.created' && e.message.id === won.body.id,
      'reply',
    );
    const assignment = await aliceSocket.waitForEvent(
      (e) => e.type === 'session.updated' && e.chatSessionId === sessionId,
      'assignment',
    );
    const winner = (assignment as { session: { agentId: string } }).session.agentId;
    expect([agent.id, second.id]).toContain(winner);
    expect(won.body.senderId).toBe(winner);

    // The loser's next reply is refused too; the session stays with the winner.
    const loser = winner === agent.id ? 'second' : 'agent';
    const again = await call(loser, 'POST', `/api/chat-sessions/${sessionId}/messages`, {
      clientMessageId: randomUUID(),
      content: 'still here',
    });
    expect(again.status).toBe(403);
    const session = await call('alice', 'GET', `/api/chat-sessions/${sessionId}`);
    expect(session.body).toMatchObject({ agentId: winner, status: 'active' });
    expect(session.body.lastMessageAt).toBe(won.body.createdAt);
    const updates = aliceSocket.events.filter(
      (e) => e.type === 'session.updated' && e.chatSessionId === sessionId,
    );
    expect(updates).toHaveLength(1);
    aliceSocket.close();
  });
});

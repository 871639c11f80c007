import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSessionPageSchema, chatSessionSchema } from '../../../shared/api/chat-sessions';
import { messagePageSchema, messageSchema } from '../../../shared/api/messages';
import { injectJson, type InjectedCall } from '../../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { startLiveApp, type LiveApp } from '../../../../tests/support/live-app';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import { TestSocket } from '../../../../tests/support/ws-client';
import { messages } from '../../db/schema';

const NOTE = 'PRIVATE: this customer reused a screenshot last week';

describe.each(testDatabaseKinds())('private notes on $name', (kind) => {
  let database: TestDatabase;
  let live: LiveApp;
  const cookies = { customer: '', agent: '' };

  const call = (
    who: keyof typeof cookies,
    method: InjectedCall['method'],
    url: string,
    body?: unknown,
  ) => injectJson(live.app, { cookie: cookies[who], method, url, body });

  beforeAll(async () => {
    database = await kind.open();
    live = await startLiveApp(database, { DATA_DIR: `/tmp/agentchat-notes-test-${randomUUID()}` });
    cookies.customer = await sessionCookie(database.db, await makeCustomer(database.db));
    cookies.agent = await sessionCookie(database.db, await makeAgent(database.db));
  });
  afterAll(async () => {
    await live.close();
    await database.dispose();
  });

  it('a note reaches staff only: never the customer by route, chat list, socket or resume', async () => {
    const agentSocket = await TestSocket.connect(live.baseUrl, cookies.agent);
    await agentSocket.resume();
    // On Break, round-robin gives the agent no chat: the chat waits unassigned whenever the
    // socket's Online (from Offline only) lands, so only the note could claim it below.
    expect((await call('agent', 'PUT', '/api/availability/me', { state: 'break' })).status).toBe(
      200,
    );
    const customerSocket = await TestSocket.connect(live.baseUrl, cookies.customer);
    await customerSocket.resume();
    const hello = customerSocket.frames.find((f) => f.type === 'hello') as { lastEventId: number };

    const chatId = (await call('customer', 'POST', '/api/chat-sessions', { category: 'bitcoin' }))
      .body.id as number;
    const first = await call('customer', 'POST', `/api/chat-sessions/${chatId}/messages`, {
      clientMessageId: randomUUID(),
      content: 'I want to sell 0.05 BTC',
    });
    expect(first.status).toBe(201);
    const before = chatSessionSchema.parse(
      (await call('agent', 'GET', `/api/chat-sessions/${chatId}`)).body,
    );
    expect(before).toMatchObject({ agentId: null, status: 'open' });

    // A customer may not write one, even into their own chat.
    const refused = await call('customer', 'POST', `/api/chat-sessions/${chatId}/notes`, {
      clientMessageId: randomUUID(),
      content: 'sneaky',
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: expect.any(String) });

    const note = await call('agent', 'POST', `/api/chat-sessions/${chatId}/notes`, {
      clientMessageId: randomUUID(),
      content: NOTE,
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(messageSchema.parse(note.body)).toMatchObject({
      messageType: 'note',
      senderRole: 'agent',
      content: NOTE,
    });
    const [stored] = await database.db.select().from(messages).where(eq(messages.id, note.body.id));
    expect(stored?.messageType).toBe('note');
    await agentSocket.waitForEvent(
      (e) => e.type === 'message.created' && e.message.id === note.body.id,
      'the note on the agent socket',
    );

    // The note is no reply: the chat's holder and times stay as they were.
    const after = chatSessionSchema.parse(
      (await call('agent', 'GET', `/api/chat-sessions/${chatId}`)).body,
    );
    expect(after).toMatchObject({
      agentId: before.agentId,
      status: before.status,
      updatedAt: before.updatedAt,
      lastMessageAt: before.lastMessageAt,
    });

    // Routes: staff see it, the customer does not.
    const agentMessages = messagePageSchema.parse(
      (await call('agent', 'GET', `/api/chat-sessions/${chatId}/messages`)).body,
    );
    expect(agentMessages.items.map((m) => m.messageType)).toEqual(['text', 'note']);
    const customerMessages = messagePageSchema.parse(
      (await call('customer', 'GET', `/api/chat-sessions/${chatId}/messages`)).body,
    );
    expect(customerMessages.items.map((m) => m.id)).toEqual([first.body.id]);
    // The chat lists' last message is the customer's, for both sides.
    for (const who of ['customer', 'agent'] as const) {
      const list = chatSessionPageSchema.parse((await call(who, 'GET', '/api/chat-sessions')).body);
      expect(list.items.find((s) => s.id === chatId)?.lastMessage?.id).toBe(first.body.id);
    }
    const single = await call('customer', 'GET', `/api/chat-sessions/${chatId}`);
    expect(JSON.stringify(single.body)).not.toContain(NOTE);

    // Socket: a reply after the note is the sentinel; the note never came before it.
    const reply = await call('agent', 'POST', `/api/chat-sessions/${chatId}/messages`, {
      clientMessageId: randomUUID(),
      content: 'Hello, how can I help?',
    });
    await customerSocket.waitForEvent(
      (e) => e.type === 'message.created' && e.message.id === reply.body.id,
      'the reply',
    );
    expect(JSON.stringify(customerSocket.frames)).not.toContain(NOTE);
    expect(
      customerSocket.events.some(
        (e) => e.type === 'message.created' && e.message.id === note.body.id,
      ),
    ).toBe(false);

    // A resume from before the note replays everything the customer may see, and not the note.
    const again = await TestSocket.connect(live.baseUrl, cookies.customer);
    await again.resume(hello.lastEventId);
    expect(
      again.events.some((e) => e.type === 'message.created' && e.message.id === reply.body.id),
    ).toBe(true);
    expect(JSON.stringify(again.frames)).not.toContain(NOTE);
    // While staff resuming from the same point get it.
    const agentAgain = await TestSocket.connect(live.baseUrl, cookies.agent);
    await agentAgain.resume(hello.lastEventId);
    expect(JSON.stringify(agentAgain.frames)).toContain(NOTE);
    for (const s of [agentSocket, customerSocket, again, agentAgain]) s.close();
  });

  it('a note retried with the same client id is stored once; a note into a missing chat is 404', async () => {
    const chatId = (await call('customer', 'POST', '/api/chat-sessions', { category: 'usdt' })).body
      .id as number;
    const clientMessageId = randomUUID();
    const once = await call('agent', 'POST', `/api/chat-sessions/${chatId}/notes`, {
      clientMessageId,
      content: 'check KYC',
    });
    const twice = await call('agent', 'POST', `/api/chat-sessions/${chatId}/notes`, {
      clientMessageId,
      content: 'check KYC',
    });
    expect([once.status, twice.status]).toEqual([201, 200]);
    expect(twice.body.id).toBe(once.body.id);
    const missing = await call('agent', 'POST', '/api/chat-sessions/999999/notes', {
      clientMessageId: randomUUID(),
      content: 'x',
    });
    expect(missing.status).toBe(404);
    const empty = await call('agent', 'POST', `/api/chat-sessions/${chatId}/notes`, {
      clientMessageId: randomUUID(),
      content: '   ',
    });
    expect(empty.status).toBe(400);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptsSchema } from '../../../shared/api/messages';
import { injectJson, type InjectedCall } from '../../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { startLiveApp, type LiveApp } from '../../../../tests/support/live-app';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import { TestSocket } from '../../../../tests/support/ws-client';

describe.each(testDatabaseKinds())('read receipts on $name', (kind) => {
  let database: TestDatabase;
  let live: LiveApp;
  const cookies = { customer: '', other: '', agent: '' };

  const call = (
    who: keyof typeof cookies,
    method: InjectedCall['method'],
    url: string,
    body?: unknown,
  ) => injectJson(live.app, { cookie: cookies[who], method, url, body });
  const say = async (who: 'customer' | 'agent', chatId: number, content: string, note = false) =>
    (
      await call(who, 'POST', `/api/chat-sessions/${chatId}/${note ? 'notes' : 'messages'}`, {
        clientMessageId: randomUUID(),
        content,
      })
    ).body.id as number;

  beforeAll(async () => {
    database = await kind.open();
    live = await startLiveApp(database, { DATA_DIR: `/tmp/agentchat-receipts-${randomUUID()}` });
    cookies.customer = await sessionCookie(database.db, await makeCustomer(database.db));
    cookies.other = await sessionCookie(database.db, await makeCustomer(database.db));
    cookies.agent = await sessionCookie(database.db, await makeAgent(database.db));
  });
  afterAll(async () => {
    await live.close();
    await database.dispose();
  });

  it('each side moves forward over the other side’s messages, capped, and the sender hears it', async () => {
    const chatId = (await call('customer', 'POST', '/api/chat-sessions', { category: 'bitcoin' }))
      .body.id as number;
    const url = `/api/chat-sessions/${chatId}/receipts`;
    const c1 = await say('customer', chatId, 'hello');
    const c2 = await say('customer', chatId, 'I want to sell');
    const reply = await say('agent', chatId, 'Welcome');
    const note = await say('agent', chatId, 'private', true);
    expect(note).toBeGreaterThan(reply);

    expect(receiptsSchema.parse((await call('customer', 'GET', url)).body)).toEqual({
      chatSessionId: chatId,
      customer: { deliveredId: 0, readId: 0, readAt: null },
      staff: { deliveredId: 0, readId: 0, readAt: null },
    });
    const customerSocket = await TestSocket.connect(live.baseUrl, cookies.customer);
    await customerSocket.resume();
    const agentSocket = await TestSocket.connect(live.baseUrl, cookies.agent);
    await agentSocket.resume();

    // Staff received the customer's messages: the customer's ticks become ✓✓.
    const delivered = await call('agent', 'POST', url, { deliveredId: c2 });
    expect(delivered.body.staff).toEqual({ deliveredId: c2, readId: 0, readAt: null });
    const heard = await customerSocket.waitForEvent(
      (e) => e.type === 'receipts.updated' && e.receipts.staff.deliveredId === c2,
      'delivered',
    );
    expect(heard).toMatchObject({ chatSessionId: chatId });

    // Read past the newest: capped at the customer's newest message, with the time.
    const read = await call('agent', 'POST', url, { readId: c2 + 1000 });
    expect(read.body.staff).toMatchObject({ deliveredId: c2, readId: c2 });
    expect(Date.parse(read.body.staff.readAt)).toBeGreaterThan(Date.now() - 60_000);

    // The customer reads the agent's reply; the note after it never counts.
    const customerRead = await call('customer', 'POST', url, { readId: note });
    expect(customerRead.body.customer).toMatchObject({ deliveredId: reply, readId: reply });
    await agentSocket.waitForEvent(
      (e) => e.type === 'receipts.updated' && e.receipts.customer.readId === reply,
      'customer read',
    );

    // Never back, and no event when nothing moved: a later move is the sentinel.
    const back = await call('agent', 'POST', url, { deliveredId: c1, readId: c1 });
    expect(back.body.staff).toMatchObject({ deliveredId: c2, readId: c2 });
    const c3 = await say('customer', chatId, 'one more');
    await call('agent', 'POST', url, { deliveredId: c3 });
    await customerSocket.waitForEvent(
      (e) => e.type === 'receipts.updated' && e.receipts.staff.deliveredId === c3,
      'the sentinel',
    );
    const staffUpdates = customerSocket.events.filter(
      (e) => e.type === 'receipts.updated' && e.chatSessionId === chatId,
    );
    // delivered c2, read c2, the customer's own read, delivered c3: not the step back.
    expect(staffUpdates).toHaveLength(4);
    customerSocket.close();
    agentSocket.close();
  });

  it('refuses another customer’s chat (404) and an empty body (400)', async () => {
    const chatId = (await call('customer', 'POST', '/api/chat-sessions', { category: 'usdt' })).body
      .id as number;
    const url = `/api/chat-sessions/${chatId}/receipts`;
    expect((await call('other', 'GET', url)).status).toBe(404);
    expect((await call('other', 'POST', url, { readId: 1 })).status).toBe(404);
    const empty = await call('customer', 'POST', url, {});
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ error: expect.any(String) });
    expect((await call('customer', 'POST', url, { readId: -1 })).status).toBe(400);
  });
});

import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectJson } from '../../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { uploadImage } from '../../../../tests/support/images';
import { addPayoutAccount } from '../../../../tests/support/order-setup';
import { everyTableText } from '../../../../tests/support/table-text';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import { OPEN_ORDER_BLOCKS_ERASURE } from '../../../shared/api/customers';
import type { SessionUser } from '../../platform/sessions';
import { createStorage, type ObjectStorage } from '../../platform/storage';
import {
  auditLog,
  authSessions,
  chatSessions,
  imageReadings,
  messages,
  orders,
  users,
} from '../../db/schema';

describe.each(testDatabaseKinds())('customer data rights on $name', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let agentCookie: string;
  let agent: SessionUser;
  let storage: ObjectStorage;

  beforeAll(async () => {
    database = await kind.open();
    app = await createTestApp({
      database,
      env: { DATA_DIR: `/tmp/agentchat-data-rights-${randomUUID()}` },
    });
    storage = createStorage(app.config.storage);
    agent = await makeAgent(database.db);
    agentCookie = await sessionCookie(database.db, agent);
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  /** A customer with a chat: a text, an image, an agent's reply and private note, an order. */
  async function customerWithHistory(name: string, orderState: 'completed' | 'awaiting_deposit') {
    const customer = await makeCustomer(database.db, {
      firstName: name,
      lastName: 'Okafor',
      email: `${name.toLowerCase()}@example.com`,
      profileImageUrl: `https://images.example.com/${name}.png`,
    });
    const cookie = await sessionCookie(database.db, customer);
    const chat = await injectJson(app, {
      cookie,
      method: 'POST',
      url: '/api/chat-sessions',
      body: { category: 'bitcoin' },
    });
    const chatId = chat.body.id as number;
    const send = (who: string, content: string) =>
      injectJson(app, {
        cookie: who,
        method: 'POST',
        url: `/api/chat-sessions/${chatId}/messages`,
        body: { content, clientMessageId: randomUUID() },
      });
    expect((await send(cookie, `${name} here, my wallet is secret-${name}`)).status).toBe(201);
    const imageId = await uploadImage(app, { cookie, chatSessionId: chatId, caption: 'proof' });
    expect((await send(agentCookie, `Hello ${name}, welcome`)).status).toBe(201);
    const note = await injectJson(app, {
      cookie: agentCookie,
      method: 'POST',
      url: `/api/chat-sessions/${chatId}/notes`,
      body: { content: `private note about ${name}`, clientMessageId: randomUUID() },
    });
    expect(note.status).toBe(201);
    const payoutAccountId = await addPayoutAccount(app, cookie, '012345678', `${name} Okafor`);
    const [order] = await database.db
      .insert(orders)
      .values({
        reference: `AC-${randomUUID().slice(0, 8).toUpperCase()}`,
        chatSessionId: chatId,
        customerId: customer.id,
        coin: 'bitcoin',
        network: 'BTC',
        amountCrypto: '0.01',
        rateNaira: '157254059.00',
        totalNaira: '1572540.59',
        payoutAccountId,
        state: orderState,
        expiresAt: new Date(Date.now() + 15 * 60_000),
      })
      .returning();
    return { customer, cookie, chatId, imageId, order: order! };
  }

  async function download(cookie: string) {
    const res = await app.inject({
      method: 'GET',
      url: '/api/customer/data-export',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    return unzipSync(new Uint8Array(res.rawPayload));
  }

  it('downloads one ZIP with the customer’s own data, images included, no private notes and no one else’s data', async () => {
    const ada = await customerWithHistory('Adaeze', 'completed');
    const bola = await customerWithHistory('Bolanle', 'completed');
    const files = await download(ada.cookie);
    const images = Object.keys(files).filter((f) => f.startsWith('images/'));
    expect(images).toEqual([expect.stringMatching(new RegExp(`^images/${ada.imageId}-.+\\.png$`))]);
    expect(
      Object.keys(files)
        .filter((f) => !f.startsWith('images/'))
        .sort(),
    ).toEqual([
      'README.txt',
      'chats.json',
      'orders.json',
      'payout-accounts.json',
      'profile.json',
      'transactions.json',
    ]);
    const text = (name: string) => strFromU8(files[name]!);
    expect(JSON.parse(text('profile.json'))).toMatchObject({
      id: ada.customer.id,
      email: 'adaeze@example.com',
      firstName: 'Adaeze',
    });
    const chats = JSON.parse(text('chats.json')) as {
      id: number;
      messages: { content: string; from: string }[];
    }[];
    expect(chats.map((c) => c.id)).toEqual([ada.chatId]);
    expect(chats[0]!.messages.map((m) => [m.from, m.content])).toEqual([
      ['you', 'Adaeze here, my wallet is secret-Adaeze'],
      ['you', 'proof'],
      ['desk', 'Hello Adaeze, welcome'],
    ]);
    expect(JSON.parse(text('orders.json'))).toMatchObject([
      { reference: ada.order.reference, totalNaira: '1572540.59' },
    ]);
    expect(JSON.parse(text('payout-accounts.json'))).toMatchObject([
      { accountName: 'Adaeze Okafor' },
    ]);
    const image = Object.keys(files).find((f) => f.startsWith('images/'))!;
    // The stored PNG's bytes, as the attachment route serves them.
    const served = await app.inject({
      method: 'GET',
      url: `/api/attachments/${ada.imageId}`,
      headers: { cookie: ada.cookie },
    });
    expect(Buffer.from(files[image]!).equals(served.rawPayload)).toBe(true);
    const everything = Object.values(files)
      .map((f) => Buffer.from(f).toString('latin1'))
      .join(' ');
    expect(everything).not.toContain('private note');
    expect(everything).not.toContain('Bolanle');
    expect(everything).not.toContain(bola.customer.id);
  });

  it('refuses a staff account: it has no customer data here', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/customer/data-export',
      headers: { cookie: agentCookie },
    });
    expect(res.statusCode).toBe(403);
  });

  it('erases a customer: personal data and texts gone from every table, orders and the other customer untouched, sessions ended', async () => {
    const ada = await customerWithHistory('Chiamaka', 'completed');
    const bola = await customerWithHistory('Dayo', 'completed');
    const bolaBefore = await download(bola.cookie);
    const [imageRow] = await database.db
      .select()
      .from(messages)
      .where(eq(messages.id, ada.imageId));
    const storageKey = imageRow!.attachment!.storageKey;
    // What OCR read on the image (an account number, an amount) is theirs too.
    const readingOf = (messageId: number) =>
      database.db.select().from(imageReadings).where(eq(imageReadings.messageId, messageId));
    expect(await readingOf(ada.imageId)).toHaveLength(1);
    const totals = async () =>
      (
        await database.db
          .select({ total: orders.totalNaira })
          .from(orders)
          .where(inArray(orders.customerId, [ada.customer.id, bola.customer.id]))
          .orderBy(orders.id)
      ).map((o) => o.total);
    const totalsBefore = await totals();

    const unconfirmed = await injectJson(app, {
      cookie: ada.cookie,
      method: 'POST',
      url: '/api/customer/erase',
      body: { confirm: 'yes' },
    });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.error).toMatch(/Type ERASE to confirm/);

    const erased = await injectJson(app, {
      cookie: ada.cookie,
      method: 'POST',
      url: '/api/customer/erase',
      body: { confirm: 'ERASE' },
    });
    expect(erased.status).toBe(200);
    const retainedUntil = new Date(erased.body.retainedUntil as string);
    expect(retainedUntil.getUTCFullYear()).toBe(new Date().getUTCFullYear() + 6);

    expect(await readingOf(ada.imageId)).toEqual([]);
    expect(await readingOf(bola.imageId)).toHaveLength(1);
    const all = await everyTableText(database);
    for (const gone of [
      'Chiamaka',
      'chiamaka@example.com',
      'images.example.com/Chiamaka',
      'secret-Chiamaka',
      'private note about Chiamaka',
      'Hello Chiamaka',
      storageKey,
    ])
      expect(all).not.toContain(gone);
    expect(all).toContain('secret-Dayo');
    const auditText = JSON.stringify(await database.db.select().from(auditLog));
    for (const gone of ['chiamaka@example.com', 'secret-Chiamaka', 'Hello Chiamaka', storageKey])
      expect(auditText).not.toContain(gone);
    expect(await storage.open(storageKey)).toBeNull();

    const [row] = await database.db.select().from(users).where(eq(users.id, ada.customer.id));
    expect(row).toMatchObject({
      firstName: 'Erased',
      email: null,
      oidcSubject: null,
      profileImageUrl: null,
    });
    expect(
      await database.db.select().from(authSessions).where(eq(authSessions.userId, ada.customer.id)),
    ).toEqual([]);
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: ada.cookie },
    });
    expect(me.statusCode).toBe(401);
    const [chat] = await database.db
      .select()
      .from(chatSessions)
      .where(eq(chatSessions.id, ada.chatId));
    expect(chat?.customerId).toBe(ada.customer.id);
    expect(await totals()).toEqual(totalsBefore);
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, ada.customer.id));
    expect(audit.map((a) => a.action)).toContain('customer.erase');

    // The other customer's export is byte for byte what it was, but for the README's unchanged text.
    const bolaAfter = await download(bola.cookie);
    expect(Object.keys(bolaAfter).sort()).toEqual(Object.keys(bolaBefore).sort());
    for (const name of Object.keys(bolaBefore))
      expect(Buffer.from(bolaAfter[name]!).equals(Buffer.from(bolaBefore[name]!))).toBe(true);
  });

  it('waits while an order is open, and says why', async () => {
    const eze = await customerWithHistory('Emeka', 'awaiting_deposit');
    const res = await injectJson(app, {
      cookie: eze.cookie,
      method: 'POST',
      url: '/api/customer/erase',
      body: { confirm: 'ERASE' },
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(OPEN_ORDER_BLOCKS_ERASURE);
    const [row] = await database.db.select().from(users).where(eq(users.id, eze.customer.id));
    expect(row?.firstName).toBe('Emeka');
  });
});

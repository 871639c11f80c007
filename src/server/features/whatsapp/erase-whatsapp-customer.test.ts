import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_ORDER_BLOCKS_STAFF_ERASURE } from '../../../shared/api/customers';
import {
  auditLog,
  chatSessions,
  messages,
  orders,
  users,
  whatsappContacts,
  whatsappHeldMessages,
} from '../../db/schema';
import { createStorage } from '../../platform/storage';
import { createTestApp, injectJson } from '../../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import {
  GraphApiServer,
  mediaMessage,
  textMessage,
  webhookDelivery,
  whatsappEnv,
} from '../../../../tests/support/graph-api-server';
import { mediaFiles } from '../../../../tests/support/media-files';
import { everyTableText } from '../../../../tests/support/table-text';
import { postWebhook, settleWhatsapp } from '../../../../tests/support/whatsapp-app';
import { makeAgent, sessionCookie } from '../../../../tests/support/users';
import { withoutNumber } from './erase-whatsapp-data';

describe.each(testDatabaseKinds())('erasing a WhatsApp customer on $name', (kind) => {
  let database: TestDatabase;
  let graph: GraphApiServer;
  let app: FastifyInstance;
  let adminCookie = '';
  let adminId = '';
  let agentCookie = '';

  const post = async (body: string) => {
    expect((await postWebhook(app, body)).statusCode).toBe(200);
    await settleWhatsapp(app);
  };
  const contactOf = async (waId: string) =>
    (
      await database.db
        .select({ customerId: whatsappContacts.customerId })
        .from(whatsappContacts)
        .where(eq(whatsappContacts.waId, waId))
    )[0]?.customerId;
  const erase = (customerId: string, cookie = adminCookie, confirm = 'ERASE') =>
    injectJson(app, {
      cookie,
      method: 'POST',
      url: `/api/admin/users/${customerId}/erase`,
      body: { confirm },
    });

  beforeAll(async () => {
    database = await kind.open();
    graph = await new GraphApiServer().start();
    app = await createTestApp({
      database,
      env: { ...whatsappEnv(graph.url), DATA_DIR: `/tmp/agentchat-wa-erase-${randomUUID()}` },
    });
    await app.ready();
    const admin = await makeAgent(database.db, { admin: true });
    adminId = admin.id;
    adminCookie = await sessionCookie(database.db, admin);
    agentCookie = await sessionCookie(database.db, await makeAgent(database.db));
  });
  afterAll(async () => {
    await app.close();
    await graph.stop();
    await database.dispose();
  });

  it('takes the number, the name and every text from every table, keeps the orders and the other customer, and audits it', async () => {
    const suffix = String(Date.now() % 1_000_000).padStart(6, '0');
    const number = `234806${suffix}1`;
    const other = `234807${suffix}2`;
    // A real wamid is base64 that holds the sender's number: it must go too.
    const wamid = (n: string, tag: string) =>
      `wamid.${Buffer.from(`\u0018\r${n}\u0015\u0002\u0000\u0012${tag}`).toString('base64')}`;
    const first = {
      ...textMessage(number, 'Good morning, secret-obinna-wallet'),
      id: wamid(number, 'A'),
    };

    // One delivery with both customers: Obinna names no coin (held, asked), Funke names Bitcoin.
    await post(
      webhookDelivery({
        contacts: [
          { wa_id: number, name: 'Obinna Chukwuemeka' },
          { wa_id: other, name: 'Funke Adebayo' },
        ],
        messages: [first, textMessage(other, 'I want to sell Bitcoin, funke-keeps-this')],
      }),
    );
    const customerId = (await contactOf(number))!;
    await post(
      webhookDelivery({
        contacts: [{ wa_id: number, name: 'Obinna Chukwuemeka' }],
        messages: [
          {
            from: number,
            id: wamid(number, 'B'),
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: 'interactive',
            interactive: { type: 'list_reply', list_reply: { id: 'desk:usdt', title: 'USDT' } },
          },
        ],
      }),
    );
    const pdf = mediaMessage(graph, number, 'document', {
      mime: 'application/pdf',
      bytes: mediaFiles.pdf(),
      filename: 'obinna-statement.pdf',
      caption: 'statement-of-obinna',
    });
    await post(webhookDelivery({ messages: [pdf] }));
    const [chat] = await database.db
      .select()
      .from(chatSessions)
      .where(eq(chatSessions.customerId, customerId));
    const [stored] = await database.db
      .select()
      .from(messages)
      .where(eq(messages.clientMessageId, `wa:${pdf.id}`));
    const storageKey = stored!.attachment!.storageKey;
    const reply = await injectJson(app, {
      cookie: agentCookie,
      method: 'POST',
      url: `/api/chat-sessions/${chat!.id}/messages`,
      body: { clientMessageId: randomUUID(), content: 'Hello Obinna, welcome' },
    });
    expect(reply.status).toBe(201);
    // A message a crash left held (receive-message.ts posts it with the next one).
    await database.db.insert(whatsappHeldMessages).values({
      wamid: wamid(number, 'C'),
      customerId,
      message: textMessage(number, 'held-obinna-text'),
    });
    const [order] = await database.db
      .insert(orders)
      .values({
        reference: `AC-${randomUUID().slice(0, 8).toUpperCase()}`,
        chatSessionId: chat!.id,
        customerId,
        coin: 'usdt',
        network: 'USDT-TRC20',
        amountCrypto: '200',
        rateNaira: '1600.00',
        totalNaira: '320000.00',
        state: 'awaiting_deposit',
        expiresAt: new Date(Date.now() + 15 * 60_000),
      })
      .returning();
    const all = await everyTableText(database);
    for (const present of [number, 'Obinna', 'secret-obinna-wallet', first.id, storageKey])
      expect(all).toContain(present);

    // Only an admin, only with the word, never a staff account, not while an order runs.
    expect((await erase(customerId, agentCookie)).status).toBe(403);
    expect((await erase(customerId, adminCookie, 'yes')).status).toBe(400);
    expect((await erase(adminId)).status).toBe(403);
    expect((await erase(randomUUID())).status).toBe(404);
    const blocked = await erase(customerId);
    expect(blocked).toEqual({ status: 409, body: { error: OPEN_ORDER_BLOCKS_STAFF_ERASURE } });
    expect(await contactOf(number)).toBe(customerId);

    await database.db.update(orders).set({ state: 'expired' }).where(eq(orders.id, order!.id));
    const erased = await erase(customerId);
    expect(erased.status).toBe(200);
    expect(erased.body.erased).toBe(true);

    const after = await everyTableText(database);
    for (const gone of [
      number,
      'Obinna',
      'Chukwuemeka',
      'secret-obinna-wallet',
      'statement-of-obinna',
      'obinna-statement',
      'held-obinna-text',
      'Hello Obinna',
      first.id,
      pdf.id,
      storageKey,
    ])
      expect(after, gone).not.toContain(gone);
    // The other customer in the same delivery keeps everything.
    for (const kept of [other, 'Funke', 'funke-keeps-this']) expect(after).toContain(kept);
    expect(await contactOf(other)).toBeDefined();
    expect(await createStorage(app.config.storage).open(storageKey)).toBeNull();
    // The order stays, under the pseudonym.
    const [kept] = await database.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(kept?.totalNaira).toBe('320000.00');
    const [row] = await database.db.select().from(users).where(eq(users.id, customerId));
    expect(row?.firstName).toBe('Erased');
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, customerId));
    expect(audit).toMatchObject({
      actorId: adminId,
      action: 'customer.erase',
      after: {
        whatsapp: { heldMessagesDeleted: 1, deliveriesRedacted: 1, outboxDeleted: 2 },
      },
    });
    expect(JSON.stringify(audit)).not.toContain(number);
    // The desk no longer knows the chat's number.
    const view = await injectJson(app, {
      cookie: agentCookie,
      method: 'GET',
      url: `/api/channels/whatsapp/chats/${chat!.id}`,
    });
    expect(view.status).toBe(404);

    // Meta's later status for the reply sent them is dropped, not kept waiting with the number.
    const [outgoing] = graph.sent.filter((m) => m.to === number).slice(-1);
    await post(
      webhookDelivery({
        statuses: [{ id: outgoing!.wamid, status: 'read', recipient_id: number }],
      }),
    );
    const pending = await database.db.execute(
      sql`select count(*)::int as n from whatsapp_deliveries where processed_at is null`,
    );
    expect((pending as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);

    // Writing again makes a fresh customer: nothing re-links to the erased records.
    await post(
      webhookDelivery({
        contacts: [{ wa_id: number, name: 'Obinna Chukwuemeka' }],
        messages: [textMessage(number, 'I want to sell USDT again')],
      }),
    );
    const fresh = await contactOf(number);
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(customerId);
  });

  it('keeps what a delivery holds of other customers, and nothing of the erased number', () => {
    const body = JSON.parse(
      webhookDelivery({
        contacts: [
          { wa_id: '111', name: 'Erased One' },
          { wa_id: '222', name: 'Kept Two' },
        ],
        messages: [textMessage('111', 'gone'), textMessage('222', 'kept')],
        statuses: [{ id: 'wamid.x', status: 'read', recipient_id: '111' }],
      }),
    ) as unknown;
    const kept = JSON.stringify(withoutNumber(body, '111'));
    expect(kept).toContain('Kept Two');
    expect(kept).toContain('kept');
    expect(kept).not.toContain('Erased One');
    expect(kept).not.toContain('"gone"');
    expect(kept).not.toContain('wamid.x');
    expect(
      withoutNumber(JSON.parse(webhookDelivery({ messages: [textMessage('111', 'x')] })), '111'),
    ).toBeNull();
  });
});

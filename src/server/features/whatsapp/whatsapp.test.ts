import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DESK_QUESTION, whatsappChatSchema } from '../../../shared/api/whatsapp';
import {
  chatSessions,
  messages,
  users,
  whatsappContacts,
  whatsappDeliveries,
  whatsappHeldMessages,
  whatsappOutbox,
} from '../../db/schema';
import { createTestApp, injectJson } from '../../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import {
  GraphApiServer,
  WHATSAPP_TEST_SETTINGS,
  signWebhook,
  statusUpdate,
  textMessage,
  webhookDelivery,
  whatsappEnv,
} from '../../../../tests/support/graph-api-server';
import { uploadImage } from '../../../../tests/support/images';
import { postWebhook, settleWhatsapp } from '../../../../tests/support/whatsapp-app';
import { makeAgent, sessionCookie } from '../../../../tests/support/users';
import { DELIVERY_RETENTION_DAYS, pruneDeliveries } from './prune-deliveries';
import { WINDOW_CLOSED_TITLE } from './send-outbox';

const HOUR = 60 * 60 * 1000;

describe.each(testDatabaseKinds())('the WhatsApp channel on $name', (kind) => {
  let database: TestDatabase;
  let graph: GraphApiServer;
  let app: FastifyInstance;
  let agentCookie = '';
  let now = Date.now();
  let phoneCounter = 0;
  const newNumber = () => `234803${String(Date.now() % 100000).padStart(5, '0')}${++phoneCounter}`;

  const post = (body: string, signature?: string | null) => postWebhook(app, body, signature);
  /** Waits for the deliveries and the outbox to have nothing left to do. */
  const settle = () => settleWhatsapp(app);
  const receive = async (from: string, text: string, name = 'Chidi Okafor') => {
    const message = textMessage(from, text, new Date(now));
    const body = webhookDelivery({ contacts: [{ wa_id: from, name }], messages: [message] });
    expect((await post(body)).statusCode).toBe(200);
    await settle();
    return body;
  };
  const chatOf = async (waId: string) => {
    const [row] = await database.db
      .select({ chat: chatSessions, user: users })
      .from(whatsappContacts)
      .innerJoin(users, eq(users.id, whatsappContacts.customerId))
      .innerJoin(chatSessions, eq(chatSessions.customerId, users.id))
      .where(eq(whatsappContacts.waId, waId));
    return row;
  };
  const contentsOf = async (chatSessionId: number) =>
    (
      await database.db
        .select({ content: messages.content })
        .from(messages)
        .where(eq(messages.chatSessionId, chatSessionId))
        .orderBy(messages.id)
    ).map((m) => m.content);
  const reply = (chatSessionId: number, content: string, kind: 'messages' | 'notes' = 'messages') =>
    injectJson(app, {
      cookie: agentCookie,
      method: 'POST',
      url: `/api/chat-sessions/${chatSessionId}/${kind}`,
      body: { clientMessageId: randomUUID(), content },
    });
  const whatsappChat = async (chatSessionId: number) => {
    const answer = await injectJson(app, {
      cookie: agentCookie,
      method: 'GET',
      url: `/api/channels/whatsapp/chats/${chatSessionId}`,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return whatsappChatSchema.parse(answer.body);
  };

  beforeAll(async () => {
    database = await kind.open();
    graph = await new GraphApiServer().start();
    app = await createTestApp({
      database,
      env: {
        ...whatsappEnv(graph.url),
        WHATSAPP_REENGAGE_TEMPLATE: 'reengage:en_US',
        DATA_DIR: `/tmp/agentchat-whatsapp-${randomUUID()}`,
      },
      clock: () => new Date(now),
    });
    await app.ready();
    agentCookie = await sessionCookie(database.db, await makeAgent(database.db));
  });
  afterAll(async () => {
    await app.close();
    await graph.stop();
    await database.dispose();
  });
  beforeEach(() => {
    now = Date.now();
  });

  it("answers Meta's verification handshake with the challenge, and 403 to a wrong token", async () => {
    const handshake = (token: string, mode = 'subscribe') =>
      app.inject({
        method: 'GET',
        url: `/api/channels/whatsapp/webhook?hub.mode=${mode}&hub.verify_token=${token}&hub.challenge=1158201444`,
      });
    const ok = await handshake(WHATSAPP_TEST_SETTINGS.verifyToken);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    expect((await handshake('wrong')).statusCode).toBe(403);
    expect((await handshake(WHATSAPP_TEST_SETTINGS.verifyToken, 'unsubscribe')).statusCode).toBe(
      403,
    );
  });

  it('refuses a bad or missing signature with 401 and stores nothing', async () => {
    const count = async () =>
      Number(
        (
          (await database.db.execute(
            sql`select count(*) as n from whatsapp_deliveries`,
          )) as unknown as {
            rows: { n: string }[];
          }
        ).rows[0]!.n,
      );
    const before = await count();
    const body = webhookDelivery({ messages: [textMessage(newNumber(), 'hello')] });
    const forged = await post(body, signWebhook(body, 'another-secret'));
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ error: 'Invalid signature' });
    expect((await post(body, null)).statusCode).toBe(401);
    // Signed over other bytes: the same JSON with a space more.
    expect((await post(body.replace('{', '{ '), signWebhook(body))).statusCode).toBe(401);
    // Signed, but for another phone number of the app: answered, not ours to store.
    const other = webhookDelivery({
      messages: [textMessage(newNumber(), 'hello')],
      phoneNumberId: '999999999',
    });
    expect((await post(other)).statusCode).toBe(200);
    expect(await count()).toBe(before);
  });

  it('makes a customer from a new number; the prefilled text picks the desk; Meta retries give one message', async () => {
    const number = newNumber();
    const body = await receive(number, 'Hello, I want to sell Bitcoin. What is your current rate?');
    // Meta sends the same delivery again twice (a slow answer, a retry).
    expect((await post(body)).statusCode).toBe(200);
    expect((await post(body)).statusCode).toBe(200);
    await settle();
    const found = await chatOf(number);
    expect(found?.chat.category).toBe('bitcoin');
    expect(found?.user).toMatchObject({
      firstName: 'Chidi',
      lastName: 'Okafor',
      email: null,
      oidcSubject: null,
      passwordHash: null,
    });
    expect(await contentsOf(found!.chat.id)).toEqual([
      'Hello, I want to sell Bitcoin. What is your current rate?',
    ]);
    // The desk sees it like any chat; staff see the number.
    const list = await injectJson(app, {
      cookie: agentCookie,
      method: 'GET',
      url: '/api/chat-sessions',
    });
    expect(list.body.items.map((s: { id: number }) => s.id)).toContain(found!.chat.id);
    expect((await whatsappChat(found!.chat.id)).waId).toBe(number);
    // Found by the number as people type it.
    const local = `0${number.slice(3, 6)} ${number.slice(6, 9)} ${number.slice(9)}`;
    const search = await injectJson(app, {
      cookie: agentCookie,
      method: 'GET',
      url: `/api/chat-sessions?q=${encodeURIComponent(local)}`,
    });
    expect(search.body.items.map((s: { id: number }) => s.id)).toEqual([found!.chat.id]);
    expect(search.body.items[0].customer.whatsappNumber).toBe(number);
    // The next message joins the same chat.
    await receive(number, 'I have 0.05 BTC');
    expect(await contentsOf(found!.chat.id)).toHaveLength(2);
  });

  it('asks "What would you like to sell?" once when the first message names no coin, and opens the chosen desk', async () => {
    const number = newNumber();
    const sentBefore = graph.sent.length;
    await receive(number, 'Good morning');
    await receive(number, 'Are you there?');
    expect(await chatOf(number)).toBeUndefined();
    const asked = graph.sent.slice(sentBefore).filter((m) => m.to === number);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.body).toMatchObject({
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text: DESK_QUESTION },
        action: {
          sections: [
            {
              rows: [
                { id: 'desk:bitcoin', title: 'Bitcoin' },
                { id: 'desk:usdt', title: 'USDT' },
              ],
            },
          ],
        },
      },
    });
    const choice = {
      from: number,
      id: `wamid.choice-${number}`,
      timestamp: String(Math.floor(now / 1000)),
      type: 'interactive',
      interactive: { type: 'list_reply', list_reply: { id: 'desk:usdt', title: 'USDT' } },
    };
    expect((await post(webhookDelivery({ messages: [choice] }))).statusCode).toBe(200);
    await settle();
    const found = await chatOf(number);
    expect(found?.chat.category).toBe('usdt');
    expect(await contentsOf(found!.chat.id)).toEqual(['Good morning', 'Are you there?', 'USDT']);
    // A message left held by a crash after the chat opened joins before the next one.
    await database.db.insert(whatsappHeldMessages).values({
      wamid: `wamid.left-${number}`,
      customerId: found!.user.id,
      message: textMessage(number, 'I have 200 USDT'),
    });
    await receive(number, 'What is the rate?');
    expect((await contentsOf(found!.chat.id)).slice(3)).toEqual([
      'I have 200 USDT',
      'What is the rate?',
    ]);
    expect(
      await database.db
        .select()
        .from(whatsappHeldMessages)
        .where(eq(whatsappHeldMessages.customerId, found!.user.id)),
    ).toEqual([]);
  });

  it("sends the agent's reply (never a private note); ticks never move back; a failure shows Meta's title and Retry sends it", async () => {
    const number = newNumber();
    await receive(number, 'I want to sell USDT');
    const chat = (await chatOf(number))!.chat;
    const sentBefore = graph.sent.length;
    expect((await reply(chat.id, 'Our rate is ₦1,600 per USDT')).status).toBe(201);
    expect((await reply(chat.id, 'Customer seems new', 'notes')).status).toBe(201);
    await settle();
    const out = graph.sent.slice(sentBefore);
    expect(out.map((m) => [m.to, m.body])).toEqual([
      [
        number,
        {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: number,
          type: 'text',
          text: { body: 'Our rate is ₦1,600 per USDT', preview_url: false },
        },
      ],
    ]);
    let view = await whatsappChat(chat.id);
    expect(view.deliveries.map((d) => d.tick)).toEqual(['sent']);
    const wamid = out[0]!.wamid;
    // Read arrives before delivered: the tick stays at read.
    await post(webhookDelivery({ statuses: [statusUpdate(wamid, 'read')] }));
    await post(webhookDelivery({ statuses: [statusUpdate(wamid, 'delivered')] }));
    await post(webhookDelivery({ statuses: [statusUpdate(wamid, 'sent')] }));
    await settle();
    view = await whatsappChat(chat.id);
    expect(view.deliveries.map((d) => d.tick)).toEqual(['read']);

    // Undeliverable: failed for good, with Meta's title; Retry sends it again.
    graph.failNext('131026');
    const failing = await reply(chat.id, 'Please confirm your account');
    await settle();
    view = await whatsappChat(chat.id);
    expect(view.deliveries.at(-1)).toEqual({
      messageId: failing.body.id,
      tick: 'failed',
      errorTitle: '(#131026) Message Undeliverable',
    });
    const retried = await injectJson(app, {
      cookie: agentCookie,
      method: 'POST',
      url: `/api/channels/whatsapp/messages/${failing.body.id}/retry`,
    });
    expect(retried.status).toBe(204);
    await settle();
    expect((await whatsappChat(chat.id)).deliveries.at(-1)?.tick).toBe('sent');
    expect(graph.sent.at(-1)?.body).toMatchObject({
      text: { body: 'Please confirm your account' },
    });
    // A status from Meta saying the message failed after all shows its title too.
    await post(
      webhookDelivery({
        statuses: [
          statusUpdate(graph.sent.at(-1)!.wamid, 'failed', {
            code: 131047,
            title: 'Re-engagement message',
          }),
        ],
      }),
    );
    await settle();
    expect((await whatsappChat(chat.id)).deliveries.at(-1)).toMatchObject({
      tick: 'failed',
      errorTitle: 'Re-engagement message',
    });
  });

  it('applies a status that arrives before the send it belongs to was recorded, on a later try', async () => {
    const wamid = `wamid.early-${randomUUID()}`;
    const number = newNumber();
    await receive(number, 'sell btc please');
    await post(
      webhookDelivery({ statuses: [statusUpdate(wamid, 'delivered', undefined, number)] }),
    );
    await settle();
    // Tried once: the passes right after it do not spend its tries.
    const [pending] = await database.db
      .select({
        attempts: whatsappDeliveries.attempts,
        processedAt: whatsappDeliveries.processedAt,
      })
      .from(whatsappDeliveries)
      .where(sql`${whatsappDeliveries.body}::text like ${`%${wamid}%`}`);
    expect(pending).toEqual({ attempts: 1, processedAt: null });
    await database.db.insert(whatsappOutbox).values({
      waId: number,
      payload: { type: 'text', text: { body: 'sent elsewhere' } },
      status: 'sent',
      wamid,
    });
    const tick = async () =>
      (
        await database.db
          .select({ status: whatsappOutbox.status })
          .from(whatsappOutbox)
          .where(eq(whatsappOutbox.wamid, wamid))
      )[0]?.status;
    expect(await tick()).toBe('sent');
    // Its first retry is due half a second after it arrived.
    await new Promise((resolve) => setTimeout(resolve, 600));
    await settle();
    expect(await tick()).toBe('delivered');
  });

  it('retries after a 500 and a 429 with backoff, showing sending until the Graph API answers', async () => {
    const number = newNumber();
    await receive(number, 'sell btc please');
    const chat = (await chatOf(number))!.chat;
    graph.failNext('500', '429');
    const attemptsBefore = graph.attempts.length;
    const sent = await reply(chat.id, 'One moment');
    await settle();
    expect((await whatsappChat(chat.id)).deliveries.at(-1)).toEqual({
      messageId: sent.body.id,
      tick: 'sending',
      errorTitle: 'An unknown error has occurred.',
    });
    expect(graph.attempts.length - attemptsBefore).toBe(1);
    // Past the first backoff (1 to 1.2 s): the 429, then past the second: sent.
    now += 1_500;
    await settle();
    expect(graph.attempts.length - attemptsBefore).toBe(2);
    expect((await whatsappChat(chat.id)).deliveries.at(-1)?.tick).toBe('sending');
    now += 2_500;
    await settle();
    expect(graph.attempts.length - attemptsBefore).toBe(3);
    expect((await whatsappChat(chat.id)).deliveries.at(-1)?.tick).toBe('sent');
    expect(
      graph.sent.filter((m) => (m.body.text as { body?: string })?.body === 'One moment'),
    ).toHaveLength(1);
  });

  it('after the 24-hour window sends nothing free-form, and sends the re-engagement template', async () => {
    const number = newNumber();
    await receive(number, 'I want to sell bitcoin');
    const chat = (await chatOf(number))!.chat;
    const opened = await whatsappChat(chat.id);
    expect(Date.parse(opened.windowEndsAt!)).toBe(Math.floor(now / 1000) * 1000 + 24 * HOUR);
    expect(opened.canReengage).toBe(true);
    now += 25 * HOUR;
    const attemptsBefore = graph.attempts.length;
    const late = await reply(chat.id, 'Are you still selling?');
    await settle();
    expect(graph.attempts.length).toBe(attemptsBefore);
    expect((await whatsappChat(chat.id)).deliveries.at(-1)).toEqual({
      messageId: late.body.id,
      tick: 'failed',
      errorTitle: WINDOW_CLOSED_TITLE,
    });
    const reengaged = await injectJson(app, {
      cookie: agentCookie,
      method: 'POST',
      url: `/api/channels/whatsapp/chats/${chat.id}/reengage`,
    });
    expect(reengaged.status).toBe(204);
    await settle();
    expect(graph.sent.at(-1)).toMatchObject({
      to: number,
      body: { type: 'template', template: { name: 'reengage', language: { code: 'en_US' } } },
    });
    // The customer answers: the window opens again and the failed reply can be retried.
    await receive(number, 'Yes');
    await injectJson(app, {
      cookie: agentCookie,
      method: 'POST',
      url: `/api/channels/whatsapp/messages/${late.body.id}/retry`,
    });
    await settle();
    expect((await whatsappChat(chat.id)).deliveries.at(-1)?.tick).toBe('sent');
  });

  it("stores a customer's photo as an upload, without its EXIF, and sends an agent's image through the media API", async () => {
    const number = newNumber();
    await receive(number, 'I want to sell USDT');
    const chat = (await chatOf(number))!.chat;
    const photo = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 120, b: 200 } },
    })
      .jpeg()
      .withExif({ IFD0: { Make: 'TestPhone', Model: 'GPS-1' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    graph.media.set(`media-in-${number}`, { mime: 'image/jpeg', bytes: photo });
    const image = {
      from: number,
      id: `wamid.photo-${number}`,
      timestamp: String(Math.floor(now / 1000)),
      type: 'image',
      image: { id: `media-in-${number}`, mime_type: 'image/jpeg', caption: 'My wallet' },
    };
    const body = webhookDelivery({ messages: [image] });
    await post(body);
    await post(body);
    await settle();
    const [stored, ...more] = await database.db
      .select()
      .from(messages)
      .where(eq(messages.clientMessageId, `wa:${image.id}`));
    expect(more).toEqual([]);
    expect(stored).toMatchObject({ messageType: 'image', content: 'My wallet' });
    const file = await app.inject({
      method: 'GET',
      url: `/api/attachments/${stored!.id}`,
      headers: { cookie: agentCookie },
    });
    expect(file.statusCode).toBe(200);
    const kept = await sharp(file.rawPayload).metadata();
    expect([kept.width, kept.height, kept.exif]).toEqual([640, 480, undefined]);

    const uploadsBefore = graph.uploads.length;
    await uploadImage(app, { cookie: agentCookie, chatSessionId: chat.id, caption: 'Our QR' });
    await settle();
    expect(graph.uploads.slice(uploadsBefore).map((u) => u.type)).toEqual(['image/png']);
    const mediaId = graph.uploads.at(-1)!.id;
    expect(graph.sent.at(-1)).toMatchObject({
      to: number,
      body: { type: 'image', image: { id: mediaId, caption: 'Our QR' } },
    });
  });

  it('deletes processed deliveries after their retention, never pending ones', async () => {
    const old = new Date(now - (DELIVERY_RETENTION_DAYS + 1) * 24 * HOUR);
    const [processed, pending] = await database.db
      .insert(whatsappDeliveries)
      .values([
        { body: { kept: false }, processedAt: old, createdAt: old },
        { body: { kept: true }, createdAt: old, attempts: 8 },
      ])
      .returning({ id: whatsappDeliveries.id });
    await pruneDeliveries({ db: database.db, now: new Date(now) });
    const left = await database.db
      .select({ id: whatsappDeliveries.id })
      .from(whatsappDeliveries)
      .where(inArray(whatsappDeliveries.id, [processed!.id, pending!.id]));
    expect(left).toEqual([{ id: pending!.id }]);
  });

  it('keeps its routes to staff: a signed-out caller gets 401', async () => {
    const answer = await injectJson(app, { method: 'GET', url: '/api/channels/whatsapp/chats/1' });
    expect(answer.status).toBe(401);
  });
});

describe('the WhatsApp channel when it is off', () => {
  it('registers nothing and tells the web it is off', async () => {
    const [kind] = testDatabaseKinds();
    const database = await kind!.open();
    const app = await createTestApp({ database });
    try {
      const handshake = await app.inject({
        method: 'GET',
        url: '/api/channels/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1',
      });
      expect(handshake.statusCode).toBe(404);
      const config = await injectJson(app, { method: 'GET', url: '/api/config' });
      expect(config.body.whatsappChannel).toBe(false);
      expect(app.whatsapp).toBeUndefined();
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});

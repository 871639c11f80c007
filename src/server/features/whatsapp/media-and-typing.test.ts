import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES } from '../../../shared/api/messages';
import { chatSessions, messages, users, whatsappContacts } from '../../db/schema';
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
import { postWebhook, settleWhatsapp } from '../../../../tests/support/whatsapp-app';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import { TYPING_INDICATOR_EVERY_MS } from './typing-indicator';

const HOUR = 60 * 60 * 1000;

describe.each(testDatabaseKinds())('WhatsApp documents, audio and typing on $name', (kind) => {
  let database: TestDatabase;
  let graph: GraphApiServer;
  let app: FastifyInstance;
  let agentCookie = '';
  let now = Date.now();
  let phoneCounter = 0;
  const newNumber = () => `234805${String(Date.now() % 100000).padStart(5, '0')}${++phoneCounter}`;

  const post = (body: string) => postWebhook(app, body);
  const settle = () => settleWhatsapp(app);
  const deliver = async (...items: object[]) => {
    const body = webhookDelivery({ messages: items });
    expect((await post(body)).statusCode).toBe(200);
    await settle();
    return body;
  };
  /** A customer who wrote "I want to sell USDT": their chat and user. */
  const customerChat = async () => {
    const number = newNumber();
    const body = webhookDelivery({
      contacts: [{ wa_id: number, name: 'Ngozi Eze' }],
      messages: [textMessage(number, 'I want to sell USDT', new Date(now))],
    });
    expect((await post(body)).statusCode).toBe(200);
    await settle();
    const [row] = await database.db
      .select({ chat: chatSessions, user: users })
      .from(whatsappContacts)
      .innerJoin(users, eq(users.id, whatsappContacts.customerId))
      .innerJoin(chatSessions, eq(chatSessions.customerId, users.id))
      .where(eq(whatsappContacts.waId, number));
    return { number, chat: row!.chat, user: row!.user };
  };
  const storedOf = async (wamid: string) =>
    database.db
      .select()
      .from(messages)
      .where(eq(messages.clientMessageId, `wa:${wamid}`));
  const fetchFile = (messageId: number, cookie = agentCookie) =>
    app.inject({ method: 'GET', url: `/api/attachments/${messageId}`, headers: { cookie } });

  beforeAll(async () => {
    database = await kind.open();
    graph = await new GraphApiServer().start();
    app = await createTestApp({
      database,
      env: { ...whatsappEnv(graph.url), DATA_DIR: `/tmp/agentchat-wa-media-${randomUUID()}` },
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

  it('keeps a PDF as a document with its name and size, once, served to staff as a download', async () => {
    const { number, chat } = await customerChat();
    const pdf = mediaFiles.pdf(50_000);
    const document = mediaMessage(graph, number, 'document', {
      mime: 'application/pdf',
      bytes: pdf,
      filename: 'Bank statement (June).pdf',
      caption: 'My statement',
    });
    const body = await deliver(document);
    // Meta delivers it again: still one message, one file.
    await post(body);
    await settle();
    const [stored, ...more] = await storedOf(document.id);
    expect(more).toEqual([]);
    expect(stored).toMatchObject({
      messageType: 'document',
      content: 'My statement',
      attachment: {
        mime: 'application/pdf',
        size: 50_000,
        originalName: 'Bank statement _June_.pdf',
      },
    });
    const listed = await injectJson(app, {
      cookie: agentCookie,
      method: 'GET',
      url: `/api/chat-sessions/${chat.id}/messages`,
    });
    expect(listed.body.items.at(-1)).toMatchObject({
      messageType: 'document',
      attachment: {
        url: `/api/attachments/${stored!.id}`,
        mime: 'application/pdf',
        size: 50_000,
        name: 'Bank statement _June_.pdf',
      },
    });
    const file = await fetchFile(stored!.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="Bank statement _June_.pdf"',
    );
    expect(file.rawPayload.equals(pdf)).toBe(true);
    // Another customer never gets it; nor does anyone signed out.
    const stranger = await sessionCookie(database.db, await makeCustomer(database.db));
    expect((await fetchFile(stored!.id, stranger)).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `/api/attachments/${stored!.id}` })).statusCode,
    ).toBe(401);
  });

  it('keeps voice notes and audio files playable, each served as its type', async () => {
    const { number } = await customerChat();
    const cases = [
      {
        bytes: mediaFiles.ogg(),
        claimed: 'audio/ogg; codecs=opus',
        served: 'audio/ogg',
        name: 'whatsapp-audio',
      },
      {
        bytes: mediaFiles.mp3(),
        claimed: 'audio/mpeg',
        served: 'audio/mpeg',
        name: 'whatsapp-audio',
      },
      {
        bytes: mediaFiles.m4a(),
        claimed: 'audio/mp4',
        served: 'audio/mp4',
        name: 'whatsapp-audio',
      },
      {
        bytes: mediaFiles.amr(),
        claimed: 'audio/amr',
        served: 'audio/amr',
        name: 'whatsapp-audio',
      },
      // An MP3 sent as a document is kept as the audio it is, under its name.
      {
        bytes: mediaFiles.mp3(),
        claimed: 'audio/mpeg',
        served: 'audio/mpeg',
        name: 'song.mp3',
        asDocument: true,
      },
    ];
    for (const c of cases) {
      const sent = mediaMessage(graph, number, c.asDocument ? 'document' : 'audio', {
        mime: c.claimed,
        bytes: c.bytes,
        ...(c.asDocument ? { filename: c.name } : {}),
      });
      await deliver(sent);
      const [stored] = await storedOf(sent.id);
      expect(stored, c.served).toMatchObject({
        messageType: 'audio',
        content: '',
        attachment: { mime: c.served, size: c.bytes.length, originalName: c.name },
      });
      const file = await fetchFile(stored!.id);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(c.served);
      expect(String(file.headers['content-disposition'])).toMatch(/^inline;/);
      expect(file.rawPayload.equals(c.bytes)).toBe(true);
    }
  });

  it('shows "[unsupported: …]" for a type off the allow-list, "[… not received]" for a file too large, and stores neither', async () => {
    const { number } = await customerChat();
    const word = mediaMessage(graph, number, 'document', {
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      bytes: mediaFiles.docx(),
      filename: 'rates.docx',
      caption: 'See this',
    });
    const video = mediaMessage(graph, number, 'document', {
      mime: 'video/mp4',
      bytes: mediaFiles.mp4(),
    });
    const claimsPdf = mediaMessage(graph, number, 'document', {
      mime: 'application/pdf',
      bytes: Buffer.from('<html><script>alert(1)</script></html>'),
      filename: 'invoice.pdf',
    });
    const huge = mediaMessage(graph, number, 'document', {
      mime: 'application/pdf',
      bytes: mediaFiles.pdf(ATTACHMENT_MAX_BYTES + 1),
    });
    const sticker = {
      from: number,
      id: `wamid.sticker-${number}`,
      timestamp: String(Math.floor(now / 1000)),
      type: 'sticker',
      sticker: { id: 'media-in-sticker', mime_type: 'image/webp' },
    };
    await deliver(word, video, claimsPdf, huge, sticker);
    const shown = [];
    for (const m of [word, video, claimsPdf, huge, sticker]) {
      const [stored] = await storedOf(m.id);
      expect(stored?.attachment).toBeNull();
      expect(stored?.messageType).toBe('text');
      shown.push(stored?.content);
    }
    expect(shown).toEqual([
      '[unsupported: document] See this',
      '[unsupported: document]',
      '[unsupported: document]',
      '[document not received]',
      '[unsupported: sticker]',
    ]);
  });

  it("shows an agent's typing to the customer on WhatsApp: throttled, never through the outbox, never after the window", async () => {
    const { number, chat, user } = await customerChat();
    const latest = textMessage(number, 'Are you there?', new Date(now));
    await deliver(latest);
    const outboxCount = async () =>
      Number(
        (
          (await database.db.execute(
            sql`select count(*) as n from whatsapp_outbox`,
          )) as unknown as {
            rows: { n: string }[];
          }
        ).rows[0]!.n,
      );
    const outboxBefore = await outboxCount();
    const typingBefore = graph.typing.length;
    // What an agent's socket tells the bus (realtime/typing.ts) when they type in the chat.
    const typed = () =>
      app.bus.emit('staffTyping', { chatSessionId: chat.id, customerId: user.id });
    typed();
    await expect.poll(() => graph.typing.length).toBe(typingBefore + 1);
    // The customer's latest message is the one marked read with "typing…".
    expect(graph.typing.at(-1)).toBe((latest as { id: string }).id);
    // Keystrokes in the next 20 seconds call nothing more.
    now += TYPING_INDICATOR_EVERY_MS - 1_000;
    expect(await app.whatsapp!.typing.show(chat.id, user.id)).toBe(false);
    now += 1_000;
    expect(await app.whatsapp!.typing.show(chat.id, user.id)).toBe(true);
    expect(graph.typing.length).toBe(typingBefore + 2);
    // A Graph API that fails is only logged: typing is best effort, never retried.
    graph.failNext('500');
    now += TYPING_INDICATOR_EVERY_MS;
    expect(await app.whatsapp!.typing.show(chat.id, user.id)).toBe(false);
    expect(graph.typing.length).toBe(typingBefore + 2);
    now += TYPING_INDICATOR_EVERY_MS;
    expect(await app.whatsapp!.typing.show(chat.id, user.id)).toBe(true);
    // After the 24-hour window WhatsApp would refuse it: not asked.
    now += 25 * HOUR;
    expect(await app.whatsapp!.typing.show(chat.id, user.id)).toBe(false);
    expect(graph.typing.length).toBe(typingBefore + 3);
    expect(await outboxCount()).toBe(outboxBefore);
    expect(graph.attempts.filter((a) => a.status === 'read')).toEqual([]);

    // A web customer's chat is not on WhatsApp: nothing to show there.
    const web = await makeCustomer(database.db);
    const [webChat] = await database.db
      .insert(chatSessions)
      .values({ customerId: web.id, category: 'bitcoin', status: 'open' })
      .returning();
    expect(await app.whatsapp!.typing.show(webChat!.id, web.id)).toBe(false);
  });
});

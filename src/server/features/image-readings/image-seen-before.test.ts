import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  imageSeenBeforeText,
  messagePageSchema,
  messageSchema,
  type Message,
} from '../../../shared/api/messages';
import type { RealtimeEvent } from '../../../shared/api/realtime';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { imageReadings } from '../../db/schema';
import { rows } from '../../db/raw';
import { EventBus } from '../../platform/event-bus';
import { EventLog } from '../../platform/realtime/events';
import { createStorage } from '../../platform/storage';
import { ImageReader } from './image-reader';
import {
  FINGERPRINT_MAX_DISTANCE,
  fingerprintDistance,
  imageFingerprint,
} from './image-fingerprint';
import { ReceiptOcr } from './receipt-ocr';
import { startLiveApp, type LiveApp } from '../../../../tests/support/live-app';
import {
  OTHER_RECEIPTS,
  RECEIPT_A,
  bankReceiptScreenshot,
  reusedCopies,
} from '../../../../tests/support/screenshots';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import { TestSocket } from '../../../../tests/support/ws-client';

describe.each(testDatabaseKinds())('images seen before on $name', (kind) => {
  let database: TestDatabase;
  let live: LiveApp;
  const cookie: Record<'ada' | 'bola' | 'agent', string> = { ada: '', bola: '', agent: '' };
  const customerId: Record<'ada' | 'bola', string> = { ada: '', bola: '' };

  async function chat(who: 'ada' | 'bola'): Promise<number> {
    const res = await live.app.inject({
      method: 'POST',
      url: '/api/chat-sessions',
      headers: { cookie: cookie[who] },
      payload: { category: 'bitcoin' },
    });
    return res.json<{ id: number }>().id;
  }

  /** Sends `image` into the chat through the attachment route; answers the 201's message. */
  async function send(who: 'ada' | 'bola' | 'agent', chatSessionId: number, image: Buffer) {
    const boundary = `----seen-before-${randomUUID()}`;
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const res = await live.app.inject({
      method: 'POST',
      url: `/api/chat-sessions/${chatSessionId}/attachments`,
      headers: { cookie: cookie[who], 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(field('clientMessageId', randomUUID()) + field('caption', '')),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="proof.png"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        ),
        image,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(res.statusCode, res.body).toBe(201);
    // The answer comes before the reading: the flag, if any, follows it.
    const raw = res.json<Record<string, unknown>>();
    expect(raw).not.toHaveProperty('imageSeenBefore');
    await live.app.imageReader.idle();
    return { raw, message: messageSchema.parse(res.json()) };
  }

  async function messagesAs(who: 'ada' | 'bola' | 'agent', chatSessionId: number) {
    const res = await live.app.inject({
      method: 'GET',
      url: `/api/chat-sessions/${chatSessionId}/messages`,
      headers: { cookie: cookie[who] },
    });
    expect(res.statusCode).toBe(200);
    const raw = res.json<{ items: Record<string, unknown>[] }>().items;
    return { raw, items: messagePageSchema.parse(res.json()).items };
  }

  /**
   * A screen of another app (bands of colour): unlike any bank receipt, or the other screens of
   * its shape. Screens of one shape in other colours look alike.
   */
  function walletScreen(
    colours: [string, string, string],
    shape: 'circle' | 'bars' = 'circle',
  ): Promise<Buffer> {
    const [a, b, c] = colours;
    const drawn =
      shape === 'circle'
        ? `<rect x="0" y="0" width="200" height="900" fill="${a}"/>
      <circle cx="420" cy="300" r="140" fill="${c}"/>
      <rect x="260" y="600" width="300" height="220" fill="${a}"/>`
        : `<rect x="0" y="100" width="600" height="120" fill="${a}"/>
      <rect x="300" y="400" width="300" height="200" fill="${c}"/>
      <rect x="0" y="700" width="250" height="200" fill="${c}"/>`;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900">
      <rect width="600" height="900" fill="${b}"/>${drawn}</svg>`;
    return sharp(Buffer.from(svg)).png().toBuffer();
  }

  const byId = (items: Message[], id: number) => items.find((m) => m.id === id);

  /** An open order of the chat, begun now (as the orders feature would write it). */
  async function openOrder(chatSessionId: number, who: 'ada' | 'bola') {
    await database.db.execute(sql`
      insert into orders (reference, chat_session_id, customer_id, coin, network, amount_crypto,
                          rate_naira, total_naira, state, expires_at)
      values (${`AC-T${Date.now()}`}, ${chatSessionId}, ${customerId[who]}::uuid, 'bitcoin', 'BTC',
              '0.01', '150000000.00', '1500000.00', 'awaiting_deposit', now() + interval '15 minutes')`);
  }

  beforeAll(async () => {
    database = await kind.open();
    live = await startLiveApp(database, { RECEIPT_OCR: 'on' });
    const ada = await makeCustomer(database.db);
    const bola = await makeCustomer(database.db);
    const agent = await makeAgent(database.db);
    customerId.ada = ada.id;
    customerId.bola = bola.id;
    cookie.ada = await sessionCookie(database.db, ada);
    cookie.bola = await sessionCookie(database.db, bola);
    cookie.agent = await sessionCookie(database.db, agent);
  });
  afterAll(async () => {
    await live.close();
    await database.dispose();
  });

  it("flags another customer's screenshot, re-encoded, halved and cropped, as the same receipt, to agents only (HTTP and socket)", async () => {
    const adaChat = await chat('ada');
    const bolaChat = await chat('bola');
    const original = await bankReceiptScreenshot(RECEIPT_A);
    const first = await send('ada', adaChat, original);
    expect(first.raw).not.toHaveProperty('imageSeenBefore');

    const agentSocket = await TestSocket.connect(live.baseUrl, cookie.agent);
    const bolaSocket = await TestSocket.connect(live.baseUrl, cookie.bola);
    await agentSocket.resume();
    await bolaSocket.resume();

    const copy = (await reusedCopies(original))['cropped 3 %, halved and re-encoded as JPEG']!;
    const reused = await send('bola', bolaChat, copy);
    const expected = {
      messageId: first.message.id,
      chatSessionId: adaChat,
      seenAt: first.message.createdAt,
      kind: 'same_receipt',
      reference: RECEIPT_A.reference,
      orderReference: null,
    };
    const [reading] = await database.db
      .select()
      .from(imageReadings)
      .where(eq(imageReadings.messageId, reused.message.id));
    expect(reading).toMatchObject({
      status: 'read',
      reference: RECEIPT_A.reference,
      amount: '1250000.00',
      receiptDate: '2026-11-12',
    });
    // The customer who sent it is not told, in the answer or in their chat.
    expect(reused.raw).not.toHaveProperty('imageSeenBefore');
    const bolaView = await messagesAs('bola', bolaChat);
    expect(bolaView.raw.some((m) => 'imageSeenBefore' in m)).toBe(false);
    // The agent is, in the chat and in every message.
    const agentView = await messagesAs('agent', bolaChat);
    expect(byId(agentView.items, reused.message.id)?.imageSeenBefore).toEqual(expected);
    const all = await live.app.inject({
      method: 'GET',
      url: '/api/messages/all',
      headers: { cookie: cookie.agent },
    });
    expect(
      byId(messagePageSchema.parse(all.json()).items, reused.message.id)?.imageSeenBefore,
    ).toEqual(expected);

    // Live: the agent's socket hears of it; the customer's hears the message alone. A text sent
    // after it is the sentinel: events arrive in order, so all before it have arrived.
    const sentinel = await live.app.inject({
      method: 'POST',
      url: `/api/chat-sessions/${bolaChat}/messages`,
      headers: { cookie: cookie.bola },
      payload: { clientMessageId: randomUUID(), content: 'sent it' },
    });
    const sentinelId = sentinel.json<{ id: number }>().id;
    const heard = (socket: TestSocket) => () =>
      socket.events.some((e) => e.type === 'message.created' && e.message.id === sentinelId);
    await agentSocket.waitFor(heard(agentSocket), 'the sentinel on the agent socket');
    await bolaSocket.waitFor(heard(bolaSocket), 'the sentinel on the customer socket');
    const flagged = (events: RealtimeEvent[]) =>
      events.filter((e) => e.type === 'message.image_seen_before');
    expect(flagged(agentSocket.events)).toEqual([
      expect.objectContaining({
        chatSessionId: bolaChat,
        messageId: reused.message.id,
        imageSeenBefore: expected,
      }),
    ]);
    expect(flagged(bolaSocket.events)).toEqual([]);
    const frames = JSON.stringify(bolaSocket.frames);
    expect(frames).toContain(`"id":${reused.message.id}`);
    expect(frames).not.toContain('imageSeenBefore');
    expect(frames).not.toContain('seen_before');
    agentSocket.close();
    bolaSocket.close();
  });

  it('does not flag a different receipt of the same app, however alike the pictures', async () => {
    const bolaChat = await chat('bola');
    for (const other of OTHER_RECEIPTS) {
      const sent = await send('bola', bolaChat, await bankReceiptScreenshot(other));
      const agentView = await messagesAs('agent', bolaChat);
      expect(byId(agentView.items, sent.message.id)?.imageSeenBefore).toBeUndefined();
    }
    // Another transfer on the very same screen, only its texts changed: the pictures are a few
    // bits apart, within the fingerprint's threshold. Its reference tells it apart.
    const original = await bankReceiptScreenshot(RECEIPT_A);
    const another = await bankReceiptScreenshot({
      ...RECEIPT_A,
      amount: '₦1,250,500.00',
      reference: 'TRF-88213390017',
    });
    expect(
      fingerprintDistance(await imageFingerprint(original), await imageFingerprint(another)),
    ).toBeLessThanOrEqual(FINGERPRINT_MAX_DISTANCE);
    const sent = await send('bola', bolaChat, another);
    const agentView = await messagesAs('agent', bolaChat);
    expect(byId(agentView.items, sent.message.id)?.imageSeenBefore).toBeUndefined();
  });

  it('names the order of a look-alike image, and a restarted reader reads what was left pending', async () => {
    const adaChat = await chat('ada');
    await openOrder(adaChat, 'ada');
    const [order] = await rows<{ reference: string }>(
      database.db,
      sql`select reference from orders where chat_session_id = ${adaChat}`,
    );
    const screen = await walletScreen(['#6a1b9a', '#fff8e1', '#00897b'], 'bars');
    const first = await send('ada', adaChat, screen);
    const bolaChat = await chat('bola');
    const copy = await send('bola', bolaChat, await sharp(screen).jpeg({ quality: 70 }).toBuffer());
    const seen = byId(
      (await messagesAs('agent', bolaChat)).items,
      copy.message.id,
    )?.imageSeenBefore;
    expect(seen).toEqual({
      messageId: first.message.id,
      chatSessionId: adaChat,
      seenAt: first.message.createdAt,
      kind: 'looks_alike',
      reference: null,
      orderReference: order!.reference,
    });
    expect(imageSeenBeforeText(seen!)).toBe(`Looks like the image on order ${order!.reference}`);

    // As if the process had stopped before reading it: the next start reads it.
    await database.db.execute(sql`
      update image_readings set status = 'pending', reference = null, reference_key = null,
                                amount = null, read_at = null
      where message_id = ${first.message.id}`);
    const reader = new ImageReader({
      db: database.db,
      events: new EventLog(database, new EventBus()),
      bus: new EventBus(),
      storage: createStorage(live.app.config.storage),
      ocr: new ReceiptOcr(),
      logger: live.app.log,
    });
    reader.start();
    await reader.idle();
    await reader.stop();
    const [reading] = await database.db
      .select()
      .from(imageReadings)
      .where(eq(imageReadings.messageId, first.message.id));
    expect(reading?.status).toBe('unreadable');
    expect(reading?.readAt).not.toBeNull();
  });

  it("flags a customer's own image only when it was sent before this chat's open order", async () => {
    const adaChat = await chat('ada');
    const receipt = await walletScreen(['#f7931a', '#222', '#4caf50']);
    const before = await send('ada', adaChat, receipt);
    // No order yet: the customer sending their image again is not reuse.
    const again = await send('ada', adaChat, receipt);
    expect(
      byId((await messagesAs('agent', adaChat)).items, again.message.id)?.imageSeenBefore,
    ).toBeUndefined();

    await openOrder(adaChat, 'ada');
    const reused = await send('ada', adaChat, receipt);
    const view = await messagesAs('agent', adaChat);
    expect(byId(view.items, reused.message.id)?.imageSeenBefore).toEqual({
      messageId: before.message.id,
      chatSessionId: adaChat,
      seenAt: before.message.createdAt,
      // No reference on a wallet screen: only the pictures can be compared.
      kind: 'looks_alike',
      reference: null,
      orderReference: null,
    });
    // An image first sent during the order, sent again during it, is not flagged.
    const fresh = await walletScreen(['#0b5fff', '#fafafa', '#e53935']);
    await send('ada', adaChat, fresh);
    const resent = await send('ada', adaChat, fresh);
    const latest = await messagesAs('agent', adaChat);
    expect(byId(latest.items, resent.message.id)?.imageSeenBefore).toBeUndefined();
    expect((await messagesAs('ada', adaChat)).raw.some((m) => 'imageSeenBefore' in m)).toBe(false);
  });
});

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageSchema } from '../../../shared/api/messages';
import { createTestApp } from '../../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { startS3Server, type S3TestServer } from '../../../../tests/support/s3-server';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import { openDatabase, type Database } from '../../db/client';
import { messages, realtimeEvents } from '../../db/schema';
import { STORAGE_UNAVAILABLE_ERROR } from '../../platform/storage';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

function imageForm(image: Buffer, clientMessageId: string) {
  const boundary = '----agentchat-s3';
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return {
    payload: Buffer.concat([
      Buffer.from(field('clientMessageId', clientMessageId) + field('caption', 'my receipt')),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="receipt.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      image,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe.each(testDatabaseKinds())('images in S3 across two instances on $name', (kind) => {
  let database: TestDatabase;
  /** Instance B's own connection on PostgreSQL; PGlite is one in-process database for both. */
  let second: Database | undefined;
  let s3: S3TestServer;
  let a: TestApp;
  let b: TestApp;
  const dataDirs: string[] = [];
  let sessionId: number;
  const cookies = { customer: '', agent: '', stranger: '' };
  let image: Buffer;

  function send(app: TestApp, clientMessageId = randomUUID()) {
    const form = imageForm(image, clientMessageId);
    return app.inject({
      method: 'POST',
      url: `/api/chat-sessions/${sessionId}/attachments`,
      headers: { cookie: cookies.customer, 'content-type': form.contentType },
      payload: form.payload,
    });
  }

  function fetchAs(app: TestApp, who: keyof typeof cookies, url: string) {
    return app.inject({ method: 'GET', url, headers: { cookie: cookies[who] } });
  }

  async function messagesInChat(): Promise<number> {
    const [row] = await database.db
      .select({ n: count() })
      .from(messages)
      .where(eq(messages.chatSessionId, sessionId));
    return row!.n;
  }

  async function eventsInChat(): Promise<number> {
    const [row] = await database.db
      .select({ n: count() })
      .from(realtimeEvents)
      .where(eq(realtimeEvents.chatSessionId, sessionId));
    return row!.n;
  }

  function instance(db: Database) {
    // Each instance has a DATA_DIR of its own: nothing may reach the other through a disk.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-s3-instance-'));
    dataDirs.push(dataDir);
    return createTestApp({ database: db, env: { DATA_DIR: dataDir, ...s3.env } });
  }

  beforeAll(async () => {
    database = await kind.open();
    second =
      kind.name === 'postgres'
        ? await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 4 })
        : undefined;
    s3 = await startS3Server();
    a = await instance(database);
    b = await instance(second ?? database);
    await Promise.all([a.ready(), b.ready()]);
    const customer = await makeCustomer(database.db);
    cookies.customer = await sessionCookie(database.db, customer);
    cookies.agent = await sessionCookie(database.db, await makeAgent(database.db));
    cookies.stranger = await sessionCookie(database.db, await makeCustomer(database.db));
    const created = await a.inject({
      method: 'POST',
      url: '/api/chat-sessions',
      headers: { cookie: cookies.customer },
      payload: { category: 'bitcoin' },
    });
    sessionId = created.json<{ id: number }>().id;
    image = await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 20, g: 160, b: 90 } },
    })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await second?.close();
    await database?.dispose();
    await s3?.dispose();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('an image sent through instance A is fetched through instance B, after the same access check', async () => {
    const res = await send(a);
    expect(res.statusCode).toBe(201);
    const attachment = messageSchema.parse(res.json()).attachment!;
    const keys = await s3.keys();
    expect(keys).toHaveLength(2);
    expect(keys.some((key) => key.endsWith('.png'))).toBe(true);
    expect(keys.some((key) => key.endsWith('.thumb.webp'))).toBe(true);

    for (const who of ['customer', 'agent'] as const) {
      const full = await fetchAs(b, who, attachment.url);
      expect(full.statusCode).toBe(200);
      expect(full.headers).toMatchObject({
        'content-type': 'image/png',
        'content-length': String(attachment.size),
        'cache-control': 'private, max-age=86400',
        'content-disposition': 'inline; filename="receipt.png"',
        'content-security-policy': "default-src 'none'; sandbox",
        'x-content-type-options': 'nosniff',
      });
      expect(full.rawPayload.length).toBe(attachment.size);
      expect(await sharp(full.rawPayload).metadata()).toMatchObject({
        format: 'png',
        width: 900,
        height: 600,
      });
      const thumb = await fetchAs(b, who, attachment.thumbnailUrl);
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: 480,
      });
    }
    // The store is asked only after the check: a stranger learns nothing, through either.
    for (const app of [a, b]) {
      const denied = await fetchAs(app, 'stranger', attachment.url);
      expect(denied.statusCode).toBe(404);
      expect(denied.json()).toEqual({ error: 'Attachment not found' });
    }
    // Neither instance wrote the image to its own disk.
    for (const dir of dataDirs) expect(fs.existsSync(path.join(dir, 'uploads'))).toBe(false);
    const ready = await b.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.json()).toMatchObject({ checks: { storage: 'ok' } });
  });

  it('with the store down, an upload answers 503 and writes no message; a fetch answers 503', async () => {
    const first = await send(a);
    expect(first.statusCode).toBe(201);
    const stored = messageSchema.parse(first.json()).attachment!;
    const keysBefore = await s3.keys();
    const messagesBefore = await messagesInChat();
    const eventsBefore = await eventsInChat();
    const clientMessageId = randomUUID();

    await s3.stop();
    try {
      const refused = await send(a, clientMessageId);
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ error: STORAGE_UNAVAILABLE_ERROR });
      // Nothing half-sent: no message, no event for the chat's screens.
      expect(await messagesInChat()).toBe(messagesBefore);
      expect(await eventsInChat()).toBe(eventsBefore);

      for (const url of [stored.url, stored.thumbnailUrl]) {
        const fetched = await fetchAs(b, 'agent', url);
        expect(fetched.statusCode).toBe(503);
        expect(fetched.json()).toEqual({ error: STORAGE_UNAVAILABLE_ERROR });
      }
      // Still a 404 for someone else: the check comes before the store.
      expect((await fetchAs(b, 'stranger', stored.url)).statusCode).toBe(404);

      const ready = await a.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', storage: 'failed', listen: 'ok' },
      });
      // Text still flows while images cannot.
      const text = await a.inject({
        method: 'POST',
        url: `/api/chat-sessions/${sessionId}/messages`,
        headers: { cookie: cookies.customer },
        payload: { clientMessageId: randomUUID(), content: 'the image will follow' },
      });
      expect(text.statusCode).toBe(201);
    } finally {
      await s3.start();
    }
    expect(await s3.keys()).toEqual(keysBefore);

    // The same upload, sent again once the store is back, is one new message.
    const retried = await send(a, clientMessageId);
    expect(retried.statusCode).toBe(201);
    expect(await messagesInChat()).toBe(messagesBefore + 2);
    const again = await fetchAs(b, 'customer', messageSchema.parse(retried.json()).attachment!.url);
    expect(again.statusCode).toBe(200);
    expect((await b.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });
});

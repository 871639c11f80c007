import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAPTION_TOO_LONG,
  IMAGE_DECODE_ERROR,
  IMAGE_PIXELS_ERROR,
  MESSAGE_MAX_LENGTH,
  messageSchema,
  type Message,
} from '../../../shared/api/messages';
import { realtimeEventSchema } from '../../../shared/api/realtime';
import { createTestApp } from '../../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import { messages, realtimeEvents } from '../../db/schema';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real, valid PNG of width × height one-bit grey pixels, all black: 144 megapixels weigh a
 * few kilobytes compressed, which is what a decompression bomb is.
 */
function blackPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const row = Buffer.alloc(1 + Math.ceil(width / 8));
  const raw = Buffer.alloc(row.length * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A phone photo: 1600 × 1200 stored sideways (EXIF orientation 6), with GPS coordinates. */
async function phonePhotoWithGps(): Promise<Buffer> {
  return sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'GPS-1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '6/1 27/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '3/1 23/1 0/1',
      },
    })
    .toBuffer();
}

/** The GPS IFD's tag (0x8825) in either byte order, in an EXIF block. */
function hasGpsTag(exif: Buffer): boolean {
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

/** Whether any trace of the phone's EXIF block is in these bytes. */
function carriesExif(bytes: Buffer): boolean {
  return ['Exif\0\0', 'TestPhone', 'GPS-1'].some((text) => bytes.includes(Buffer.from(text)));
}

function multipart(
  parts: { name: string; value: string | Buffer; filename?: string }[],
  options: { close?: boolean } = {},
) {
  const boundary = '----agentchat-images';
  const chunks = parts.map((part) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"` +
          (part.filename ? `; filename="${part.filename}"\r\nContent-Type: image/jpeg` : '') +
          '\r\n\r\n',
      ),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from('\r\n'),
    ]),
  );
  if (options.close !== false) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe.each(testDatabaseKinds())('images on $name', (kind) => {
  let database: TestDatabase;
  let app: TestApp;
  let dataDir: string;
  let sessionId: number;
  let agentId: string;
  const cookies: Record<'customer' | 'agent', string> = { customer: '', agent: '' };

  function post(body: { payload: Buffer; contentType: string }) {
    return app.inject({
      method: 'POST',
      url: `/api/chat-sessions/${sessionId}/attachments`,
      headers: { cookie: cookies.customer, 'content-type': body.contentType },
      payload: body.payload,
    });
  }

  function upload(file: Buffer, filename = 'wallet.jpg') {
    return post(
      multipart([
        { name: 'clientMessageId', value: randomUUID() },
        { name: 'caption', value: 'my wallet' },
        { name: 'file', value: file, filename },
      ]),
    );
  }

  async function fetchAs(who: 'customer' | 'agent', url: string) {
    const res = await app.inject({ method: 'GET', url, headers: { cookie: cookies[who] } });
    return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
  }

  function uploadedFiles(): string[] {
    const dir = path.join(dataDir, 'uploads');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  }

  beforeAll(async () => {
    database = await kind.open();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-images-'));
    app = await createTestApp({ database, env: { DATA_DIR: dataDir } });
    const customer = await makeCustomer(database.db);
    const agent = await makeAgent(database.db);
    agentId = agent.id;
    cookies.customer = await sessionCookie(database.db, customer);
    cookies.agent = await sessionCookie(database.db, agent);
    const created = await app.inject({
      method: 'POST',
      url: '/api/chat-sessions',
      headers: { cookie: cookies.customer },
      payload: { category: 'bitcoin' },
    });
    sessionId = created.json<{ id: number }>().id;
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a 12000 × 12000 PNG (144 megapixels) with 413 and stores nothing', async () => {
    const before = uploadedFiles();
    const bomb = blackPng(12_000, 12_000);
    expect(bomb.length).toBeLessThan(100_000);
    const res = await upload(bomb, 'bomb.png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: IMAGE_PIXELS_ERROR });
    expect(uploadedFiles()).toEqual(before);
  });

  it('refuses a PNG or JPEG that does not decode whole with 422 and stores nothing', async () => {
    const good = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#36a' },
    })
      .png()
      .toBuffer();
    // The signature and header stay intact (the type check passes); the pixel data is noise.
    const idat = good.indexOf('IDAT');
    const corrupt = Buffer.concat([
      good.subarray(0, idat + 4),
      randomBytes(good.length - idat - 4),
    ]);
    const photo = await phonePhotoWithGps();
    const halfJpeg = photo.subarray(0, photo.length / 2);
    const before = uploadedFiles();
    for (const [bytes, name] of [
      [corrupt, 'broken.png'],
      [halfJpeg, 'half.jpg'],
    ] as const) {
      const res = await upload(bytes, name);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ error: IMAGE_DECODE_ERROR });
    }
    expect(uploadedFiles()).toEqual(before);
  });

  it('stores and serves no EXIF or GPS, turned upright as the EXIF said, with a smaller thumbnail', async () => {
    const photo = await phonePhotoWithGps();
    const sent = await sharp(photo).metadata();
    expect(sent.orientation).toBe(6);
    expect(hasGpsTag(sent.exif!)).toBe(true);
    expect(carriesExif(photo)).toBe(true);

    const res = await upload(photo, 'IMG_0001.jpg');
    expect(res.statusCode).toBe(201);
    const message: Message = messageSchema.parse(res.json());
    expect(message.content).toBe('my wallet');
    const attachment = message.attachment!;
    expect(attachment).toMatchObject({ mime: 'image/jpeg', name: 'IMG_0001.jpg' });

    for (const who of ['customer', 'agent'] as const) {
      const full = await fetchAs(who, attachment.url);
      expect(full.status).toBe(200);
      expect(full.headers['content-type']).toBe('image/jpeg');
      expect(full.bytes.length).toBe(attachment.size);
      expect(carriesExif(full.bytes)).toBe(false);
      const fullMeta = await sharp(full.bytes).metadata();
      expect(fullMeta.exif).toBeUndefined();
      expect(fullMeta.orientation).toBeUndefined();
      // Orientation 6 is a quarter turn: the sideways 1600 × 1200 becomes 1200 × 1600.
      expect([fullMeta.width, fullMeta.height]).toEqual([1200, 1600]);

      const thumb = await fetchAs(who, attachment.thumbnailUrl);
      expect(thumb.status).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      expect(thumb.headers['content-disposition']).toBe(
        'inline; filename="IMG_0001-thumbnail.webp"',
      );
      const thumbMeta = await sharp(thumb.bytes).metadata();
      expect(thumbMeta.format).toBe('webp');
      expect([thumbMeta.width, thumbMeta.height]).toEqual([480, 640]);
      expect(thumbMeta.exif).toBeUndefined();
      expect(carriesExif(thumb.bytes)).toBe(false);
      expect(thumb.bytes.length).toBeLessThan(full.bytes.length);
    }
    // On disk too: the upload as sent is not kept anywhere.
    for (const name of uploadedFiles()) {
      expect(carriesExif(fs.readFileSync(path.join(dataDir, 'uploads', name)))).toBe(false);
      expect(name).not.toMatch(/\.part$/);
    }

    const stranger = await makeCustomer(database.db);
    const strangerCookie = await sessionCookie(database.db, stranger);
    const denied = await app.inject({
      method: 'GET',
      url: attachment.thumbnailUrl,
      headers: { cookie: strangerCookie },
    });
    expect(denied.statusCode).toBe(404);
  });

  it('serves an image stored before thumbnails existed as its own thumbnail', async () => {
    const legacy = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#c33' },
    })
      .png()
      .toBuffer();
    const storageKey = `${randomBytes(16).toString('hex')}.png`;
    fs.mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'uploads', storageKey), legacy);
    const [row] = await database.db
      .insert(messages)
      .values({
        chatSessionId: sessionId,
        senderId: agentId,
        messageType: 'image',
        attachment: { storageKey, mime: 'image/png', size: legacy.length, originalName: 'old.png' },
        clientMessageId: randomUUID(),
      })
      .returning({ id: messages.id });
    for (const url of [`/api/attachments/${row!.id}`, `/api/attachments/${row!.id}/thumbnail`]) {
      const res = await fetchAs('customer', url);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.bytes.equals(legacy)).toBe(true);
    }
  });

  it('gives the realtime events of earlier images a thumbnail address (migration 0004)', async () => {
    const clientMessageId = randomUUID();
    const message = {
      id: 41,
      chatSessionId: sessionId,
      senderId: agentId,
      senderRole: 'agent',
      content: '',
      messageType: 'image',
      attachment: { url: '/api/attachments/41', mime: 'image/png', size: 10, name: 'old.png' },
      clientMessageId,
      createdAt: new Date().toISOString(),
    };
    await database.db.insert(realtimeEvents).values({
      type: 'message.created',
      chatSessionId: sessionId,
      payload: { chatSessionId: sessionId, message },
    });
    // Its id is given at commit (migration 0002): find it by the message's own id.
    const read = async () => {
      const [event] = await database.db
        .select()
        .from(realtimeEvents)
        .where(sql`${realtimeEvents.payload} #>> '{message,clientMessageId}' = ${clientMessageId}`);
      return realtimeEventSchema.safeParse({ id: event!.id, type: event!.type, ...event!.payload });
    };
    expect((await read()).success).toBe(false);
    const migration = fs.readFileSync('drizzle/0004_attachment_thumbnail_events.sql', 'utf8');
    await database.db.execute(sql.raw(migration));
    const parsed = await read();
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      message: {
        attachment: { url: '/api/attachments/41', thumbnailUrl: '/api/attachments/41/thumbnail' },
      },
    });
  });

  it('answers a truncated multipart body with 400, not 500', async () => {
    const cut = multipart(
      [
        { name: 'clientMessageId', value: randomUUID() },
        { name: 'file', value: await phonePhotoWithGps(), filename: 'cut.jpg' },
      ],
      { close: false },
    );
    const res = await post({ ...cut, payload: cut.payload.subarray(0, cut.payload.length - 5000) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'The upload was cut short: send the image again' });
  });

  it('answers ten form fields with 413 and a true message', async () => {
    const fields = Array.from({ length: 10 }, (_, i) => ({ name: `field${i}`, value: 'x' }));
    const res = await post(multipart(fields));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'Too many form fields: send one image' });
  });

  it('keeps a 4,000-character caption whole and refuses a longer one, never storing it cut', async () => {
    const photo = await phonePhotoWithGps();
    const send = (caption: string) =>
      post(
        multipart([
          { name: 'clientMessageId', value: randomUUID() },
          { name: 'caption', value: caption },
          { name: 'file', value: photo, filename: 'receipt.jpg' },
        ]),
      );
    // ₦ is three bytes in UTF-8: 4,000 of them are 12,000 bytes, all kept.
    const full = '₦'.repeat(MESSAGE_MAX_LENGTH);
    const kept = await send(full);
    expect(kept.statusCode).toBe(201);
    expect(kept.json<{ content: string }>().content).toBe(full);
    for (const over of ['₦'.repeat(MESSAGE_MAX_LENGTH + 1), 'a'.repeat(MESSAGE_MAX_LENGTH + 1)]) {
      const refused = await send(over);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: `caption: ${CAPTION_TOO_LONG}` });
    }
  });
});

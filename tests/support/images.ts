import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

let png: Promise<Buffer> | undefined;

/** A small real PNG (a bank app's screenshot stands in), made once. */
export function testPng(): Promise<Buffer> {
  png ??= sharp({
    create: { width: 240, height: 160, channels: 3, background: { r: 20, g: 110, b: 70 } },
  })
    .png()
    .toBuffer();
  return png;
}

/**
 * Sends an image into a chat as its caller, through the attachment route the chat uses
 * (multipart: the fields, then the file), and answers the stored message's id.
 */
export async function uploadImage(
  app: FastifyInstance,
  options: {
    cookie: string | undefined;
    chatSessionId: number;
    caption?: string;
    /** The image sent; a small PNG (testPng) when none is given. */
    image?: Buffer;
  },
): Promise<number> {
  const boundary = `----agentchat-test-${randomUUID()}`;
  const field = (name: string, value: string) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
  const payload = Buffer.concat([
    field('clientMessageId', randomUUID()),
    field('caption', options.caption ?? ''),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="proof.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    options.image ?? (await testPng()),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: `/api/chat-sessions/${options.chatSessionId}/attachments`,
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  if (res.statusCode !== 201) {
    throw new Error(`image upload answered ${res.statusCode}: ${res.body}`);
  }
  return res.json<{ id: number }>().id;
}

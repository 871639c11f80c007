import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import { ATTACHMENT_MAX_BYTES } from '../../../shared/api/chat';
import type { Db } from '../../db/client';
import { messages, type AttachmentMeta } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import { sessionForParticipant } from './messages';

const EXTENSIONS: Record<AttachmentMeta['mime'], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** The image type from the file's first bytes; the name and the browser's claim are ignored. */
export function sniffImageType(head: Buffer): AttachmentMeta['mime'] | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return 'image/jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

function safeName(name: string): string {
  const cleaned = name
    .replace(/[^\w.\- ]+/g, '_')
    .slice(-120)
    .trim();
  return cleaned || 'screenshot';
}

/**
 * Streams an uploaded screenshot into the upload folder under a random name, checking its type
 * from the bytes and its size as it goes. Returns what the message stores.
 */
export async function storeUpload(uploadDir: string, file: MultipartFile): Promise<AttachmentMeta> {
  await fs.promises.mkdir(uploadDir, { recursive: true, mode: 0o700 });
  const storageBase = randomBytes(16).toString('hex');
  const tmpPath = path.join(uploadDir, `${storageBase}.part`);
  let head = Buffer.alloc(0);
  let size = 0;
  let mime: AttachmentMeta['mime'] | null = null;
  const inspect = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (head.length < 12) {
        head = Buffer.concat([head, chunk]).subarray(0, 12);
        if (head.length >= 12) {
          mime = sniffImageType(head);
          if (!mime)
            return callback(
              new AppError('bad_request', 'Only JPEG, PNG or WebP images can be sent'),
            );
        }
      }
      callback(null, chunk);
    },
  });
  try {
    await pipeline(file.file, inspect, fs.createWriteStream(tmpPath, { mode: 0o600 }));
    if (file.file.truncated) {
      throw new AppError(
        'payload_too_large',
        `Image is too large (at most ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB)`,
      );
    }
    mime ??= sniffImageType(head);
    if (!mime || size === 0)
      throw new AppError('bad_request', 'Only JPEG, PNG or WebP images can be sent');
    const storageKey = `${storageBase}.${EXTENSIONS[mime]}`;
    await fs.promises.rename(tmpPath, path.join(uploadDir, storageKey));
    return { storageKey, mime, size, originalName: safeName(file.filename) };
  } catch (error) {
    await fs.promises.rm(tmpPath, { force: true });
    throw error;
  }
}

export async function removeUpload(uploadDir: string, meta: AttachmentMeta): Promise<void> {
  await fs.promises.rm(path.join(uploadDir, meta.storageKey), { force: true });
}

/** The file behind a message, for its session's customer and agents only. */
export async function openAttachment(options: {
  db: Db;
  caller: SessionUser;
  messageId: number;
  uploadDir: string;
}): Promise<{ stream: fs.ReadStream; meta: AttachmentMeta }> {
  const { db, caller, messageId, uploadDir } = options;
  const [row] = await db.select().from(messages).where(eq(messages.id, messageId)).limit(1);
  if (!row?.attachment) throw new AppError('not_found', 'Attachment not found');
  try {
    await sessionForParticipant(db, caller, row.chatSessionId);
  } catch {
    throw new AppError('not_found', 'Attachment not found');
  }
  const meta = row.attachment;
  if (!/^[a-f0-9]{32}\.(jpg|png|webp)$/.test(meta.storageKey))
    throw new AppError('not_found', 'Attachment not found');
  const filePath = path.join(uploadDir, meta.storageKey);
  try {
    await fs.promises.access(filePath);
  } catch {
    throw new AppError('not_found', 'Attachment not found');
  }
  return { stream: fs.createReadStream(filePath), meta };
}

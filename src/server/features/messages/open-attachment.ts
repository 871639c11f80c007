import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import { sessionForParticipant } from '../chat-sessions';

/**
 * The file behind a message, for its session's customer and agents only: the image, or its
 * thumbnail (the image itself for one stored before thumbnails existed).
 */
export async function openAttachment(options: {
  db: Db;
  caller: SessionUser;
  messageId: number;
  uploadDir: string;
  variant: 'full' | 'thumbnail';
}): Promise<{ stream: fs.ReadStream; mime: string; size: number; name: string }> {
  const { db, caller, messageId, uploadDir, variant } = options;
  const [row] = await db.select().from(messages).where(eq(messages.id, messageId)).limit(1);
  if (!row?.attachment) throw new AppError('not_found', 'Attachment not found');
  try {
    await sessionForParticipant({ db, caller, chatSessionId: row.chatSessionId });
  } catch {
    throw new AppError('not_found', 'Attachment not found');
  }
  const meta = row.attachment;
  const thumbnail = variant === 'thumbnail' && meta.thumbnailKey !== undefined;
  const key = thumbnail ? meta.thumbnailKey! : meta.storageKey;
  if (!/^[a-f0-9]{32}\.(jpg|png|webp|thumb\.webp)$/.test(key))
    throw new AppError('not_found', 'Attachment not found');
  const filePath = path.join(uploadDir, key);
  let size: number;
  try {
    size = (await fs.promises.stat(filePath)).size;
  } catch {
    throw new AppError('not_found', 'Attachment not found');
  }
  const name = thumbnail
    ? `${meta.originalName.replace(/\.[^.]*$/, '')}-thumbnail.webp`
    : meta.originalName;
  return {
    stream: fs.createReadStream(filePath),
    mime: thumbnail ? 'image/webp' : meta.mime,
    size,
    name,
  };
}

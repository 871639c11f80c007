import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import type { ObjectStorage } from '../../platform/storage';
import { sessionForParticipant } from '../chat-sessions';
import { MEDIA_EXTENSIONS } from './store-media';

/** What a stored file's key may be: a random name with an image's, a thumbnail's or a media extension. */
const STORED_KEY = new RegExp(
  `^[a-f0-9]{32}\\.(jpg|png|webp|thumb\\.webp|${MEDIA_EXTENSIONS.join('|')})$`,
);

/**
 * The file behind a message, for its session's customer and agents only: the image, or its
 * thumbnail (the image itself for one stored before thumbnails existed, and a document's or an
 * audio's file, which have none). The store is asked only
 * after that check, and the bytes pass through the app: no address of the store reaches a client.
 */
export async function openAttachment(options: {
  db: Db;
  caller: SessionUser;
  messageId: number;
  storage: ObjectStorage;
  variant: 'full' | 'thumbnail';
}): Promise<{ stream: Readable; mime: string; size: number; name: string }> {
  const { db, caller, messageId, storage, variant } = options;
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
  if (!STORED_KEY.test(key)) throw new AppError('not_found', 'Attachment not found');
  // A store that cannot be reached throws its own 503 here.
  const stored = await storage.open(key);
  if (!stored) throw new AppError('not_found', 'Attachment not found');
  const name = thumbnail
    ? `${meta.originalName.replace(/\.[^.]*$/, '')}-thumbnail.webp`
    : meta.originalName;
  return {
    stream: stored.stream,
    mime: thumbnail ? 'image/webp' : meta.mime,
    size: stored.size,
    name,
  };
}

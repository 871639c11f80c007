import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_PIXELS,
  IMAGE_DECODE_ERROR,
  IMAGE_PIXELS_ERROR,
  IMAGE_SIZE_ERROR,
  IMAGE_TYPE_ERROR,
  CAPTION_TOO_LONG,
  type ImageMime,
  captionSchema,
  sendMessageRequestSchema,
} from '../../../shared/api/messages';
import type { Db } from '../../db/client';
import type { AttachmentMeta } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import type { ObjectStorage } from '../../platform/storage';
import { sessionForParticipant } from '../chat-sessions';
import { imageFingerprint } from '../image-readings';

const EXTENSIONS: Record<ImageMime, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** The chat shows images at most 256 CSS px wide: 480 px is sharp on a phone's 2x screen. */
const THUMBNAIL_WIDTH = 480;
/** A tall scrolling screenshot's thumbnail stays within what WebP can hold (16,383 px). */
const THUMBNAIL_MAX_HEIGHT = 4 * THUMBNAIL_WIDTH;

// Each upload is read once from a file that is then deleted: libvips' cache of opened files
// would only hold memory.
sharp.cache(false);

/** The image type from the file's first bytes; the name and the browser's claim are ignored. */
export function sniffImageType(head: Buffer): ImageMime | null {
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

/** A file name that is safe to send back in a header: `fallback` when nothing is left of it. */
export function safeName(name: string, fallback = 'screenshot'): string {
  const cleaned = name
    .replace(/[^\w.\- ]+/g, '_')
    .slice(-120)
    .trim();
  return cleaned || fallback;
}

/** The texts for a multipart body the parser refuses (@fastify/multipart's and busboy's errors). */
export const UPLOAD_CUT_SHORT = 'The upload was cut short: send the image again';
export const UPLOAD_TOO_MANY_PARTS = 'Too many form fields: send one image';

/**
 * The client's error behind a multipart parser failure, or null for anything else. Busboy's
 * own errors for a body that ends early carry no code or status, and would otherwise be a 500.
 */
export function multipartProblem(error: unknown): AppError | null {
  if (!(error instanceof Error) || error instanceof AppError) return null;
  switch ((error as { code?: unknown }).code) {
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_FILES_LIMIT':
      return new AppError('payload_too_large', UPLOAD_TOO_MANY_PARTS);
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('payload_too_large', IMAGE_SIZE_ERROR);
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError('bad_request', UPLOAD_CUT_SHORT);
    case 'FST_PROTO_VIOLATION':
      return new AppError('bad_request', 'A form field has a name that is not allowed');
  }
  return /Unexpected end of (form|multipart data)|terminated early|Malformed part header/i.test(
    error.message,
  )
    ? new AppError('bad_request', UPLOAD_CUT_SHORT)
    : null;
}

function thumbnailKeyOf(storageBase: string): string {
  return `${storageBase}.thumb.webp`;
}

/** Sharp's own answer when a header promises more pixels than `limitInputPixels` allows. */
function isPixelLimit(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/**
 * Decodes the upload and encodes it again: upright (turned as its EXIF orientation says), in its
 * own format, with no metadata at all (sharp keeps none unless asked), so a phone's EXIF and GPS
 * never leave the server. Then the thumbnail, from the clean copy. A header claiming more than
 * 40 megapixels is refused before any pixel is decoded; a body that is cut short or does not
 * decode is refused too. `failOn: 'truncated'`, not sharp's default 'warning': phones and editors
 * write images that decoders warn about (an odd colour profile) and that decode well.
 */
async function reencode(
  source: string | Buffer,
  mime: ImageMime,
): Promise<{
  image: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
  fingerprint: bigint;
}> {
  const options = { limitInputPixels: ATTACHMENT_MAX_PIXELS, failOn: 'truncated' } as const;
  try {
    const header = await sharp(source, options).metadata();
    if (header.width * header.height > ATTACHMENT_MAX_PIXELS)
      throw new AppError('payload_too_large', IMAGE_PIXELS_ERROR);
    const upright = sharp(source, options).rotate();
    const encoded =
      mime === 'image/jpeg'
        ? upright.jpeg({ quality: 90 })
        : mime === 'image/png'
          ? upright.png()
          : upright.webp({ quality: 90 });
    const { data: image, info } = await encoded.toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(image)
      .resize({
        width: THUMBNAIL_WIDTH,
        height: THUMBNAIL_MAX_HEIGHT,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 75 })
      .toBuffer();
    const fingerprint = await imageFingerprint(image);
    return { image, thumbnail, width: info.width, height: info.height, fingerprint };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isPixelLimit(error)) throw new AppError('payload_too_large', IMAGE_PIXELS_ERROR);
    // Sharp (libvips) errors carry no code; a file system error (a full disk) does, and is ours.
    if (error instanceof Error && !(error as NodeJS.ErrnoException).code)
      throw new AppError('unprocessable', IMAGE_DECODE_ERROR);
    throw error;
  }
}

/**
 * Decodes and re-encodes the image (reencode), then stores it and its thumbnail: both, or
 * neither (a store that fails halfway gets back what it took, and the caller a 503).
 */
async function storeClean(options: {
  storage: ObjectStorage;
  source: string | Buffer;
  mime: ImageMime;
  storageBase: string;
  originalName: string;
  log: FastifyBaseLogger;
}): Promise<AttachmentMeta & { fingerprint: bigint }> {
  const { storage, mime, storageBase, log } = options;
  const clean = await reencode(options.source, mime);
  const stored: AttachmentMeta = {
    storageKey: `${storageBase}.${EXTENSIONS[mime]}`,
    thumbnailKey: thumbnailKeyOf(storageBase),
    mime,
    size: clean.image.length,
    width: clean.width,
    height: clean.height,
    originalName: options.originalName,
  };
  try {
    await storage.put(stored.storageKey, clean.image, mime);
    await storage.put(stored.thumbnailKey!, clean.thumbnail, 'image/webp');
  } catch (error) {
    await removeUpload({ storage, meta: stored, log });
    throw error;
  }
  return { ...stored, fingerprint: clean.fingerprint };
}

/**
 * An image received whole from elsewhere (a WhatsApp customer's photo), stored as an upload is:
 * its type from its bytes, its size capped, decoded and re-encoded without its metadata.
 */
export async function storeImageBytes(options: {
  storage: ObjectStorage;
  bytes: Buffer;
  name: string;
  log: FastifyBaseLogger;
}): Promise<AttachmentMeta & { fingerprint: bigint }> {
  const { bytes } = options;
  if (bytes.length > ATTACHMENT_MAX_BYTES)
    throw new AppError('payload_too_large', IMAGE_SIZE_ERROR);
  const mime = sniffImageType(bytes.subarray(0, 12));
  if (!mime) throw new AppError('bad_request', IMAGE_TYPE_ERROR);
  return storeClean({
    ...options,
    source: bytes,
    mime,
    storageBase: randomBytes(16).toString('hex'),
    originalName: safeName(options.name),
  });
}

/**
 * Streams an uploaded screenshot into a scratch file under a random name, checking its type from
 * the bytes and its size as it goes, then stores a decoded, re-encoded copy and its thumbnail
 * (the upload itself is deleted). Both are stored, or neither: a store that fails halfway gets
 * back what it took, and the caller a 503. Returns what the message stores, and the image's
 * perceptual fingerprint (image-fingerprint.ts).
 */
export async function storeUpload(options: {
  storage: ObjectStorage;
  file: MultipartFile;
  log: FastifyBaseLogger;
}): Promise<AttachmentMeta & { fingerprint: bigint }> {
  const { storage, file, log } = options;
  const storageBase = randomBytes(16).toString('hex');
  // Outside the store: a bucket has no place for a half-received upload.
  const tmpPath = path.join(os.tmpdir(), `agentchat-upload-${storageBase}.part`);
  let head = Buffer.alloc(0);
  let size = 0;
  let mime: ImageMime | null = null;
  const inspect = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (head.length < 12) {
        head = Buffer.concat([head, chunk]).subarray(0, 12);
        if (head.length >= 12) {
          mime = sniffImageType(head);
          if (!mime) return callback(new AppError('bad_request', IMAGE_TYPE_ERROR));
        }
      }
      callback(null, chunk);
    },
  });
  try {
    await pipeline(file.file, inspect, fs.createWriteStream(tmpPath, { mode: 0o600 }));
    if (file.file.truncated) throw new AppError('payload_too_large', IMAGE_SIZE_ERROR);
    mime ??= sniffImageType(head);
    if (!mime || size === 0) throw new AppError('bad_request', IMAGE_TYPE_ERROR);
    return await storeClean({
      storage,
      source: tmpPath,
      mime,
      storageBase,
      originalName: safeName(file.filename),
      log,
    });
  } finally {
    await fs.promises.rm(tmpPath, { force: true });
  }
}

const uploadFieldsSchema = z.object({
  clientMessageId: sendMessageRequestSchema.shape.clientMessageId,
  caption: captionSchema.default(''),
});

/**
 * Reads an image message's multipart body (its fields come before the file), checks that the
 * caller may post in the chat, and stores the image. Parser failures become the client's 4xx.
 */
export async function receiveUpload(options: {
  request: FastifyRequest;
  db: Db;
  caller: SessionUser;
  chatSessionId: number;
  storage: ObjectStorage;
}): Promise<{
  attachment: AttachmentMeta;
  fingerprint: bigint;
  caption: string;
  clientMessageId: string;
}> {
  const { request, db, caller, chatSessionId, storage } = options;
  try {
    const file = await request.file();
    if (!file) throw new AppError('bad_request', 'No image was attached');
    const parts = Object.entries(file.fields).flatMap(([name, part]) =>
      part && !Array.isArray(part) && part.type === 'field' ? [{ name, part }] : [],
    );
    // The parser cuts a field at its size limit: a cut caption is refused, never stored cut.
    if (parts.some(({ part }) => part.valueTruncated)) {
      file.file.resume();
      throw new AppError('bad_request', `caption: ${CAPTION_TOO_LONG}`);
    }
    const fields = uploadFieldsSchema.safeParse(
      Object.fromEntries(parts.map(({ name, part }) => [name, String(part.value)])),
    );
    if (!fields.success) {
      file.file.resume();
      throw new AppError(
        'bad_request',
        fields.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
      );
    }
    // Decoding costs a core for a moment: only for someone who may post in this chat.
    try {
      await sessionForParticipant({ db, caller, chatSessionId });
    } catch (error) {
      file.file.resume();
      throw error;
    }
    const { fingerprint, ...attachment } = await storeUpload({ storage, file, log: request.log });
    return { attachment, fingerprint, ...fields.data };
  } catch (error) {
    throw multipartProblem(error) ?? error;
  }
}

/**
 * Removes a message's files, never failing: a store that is down now keeps them as orphans that
 * no message names (harmless; logged for the operator), rather than turning the answer into a 503.
 */
export async function removeUpload(options: {
  storage: ObjectStorage;
  meta: AttachmentMeta;
  log: FastifyBaseLogger;
}): Promise<void> {
  const { storage, meta, log } = options;
  for (const key of [meta.storageKey, meta.thumbnailKey]) {
    if (key === undefined) continue;
    try {
      await storage.remove(key);
    } catch (error) {
      log.warn({ err: error, key }, 'could not remove an unused upload from storage');
    }
  }
}

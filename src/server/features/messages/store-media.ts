import { randomBytes } from 'node:crypto';
import {
  ATTACHMENT_MAX_BYTES,
  MEDIA_SIZE_ERROR,
  type MediaMime,
} from '../../../shared/api/messages';
import type { AttachmentMeta } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { ObjectStorage } from '../../platform/storage';
import { safeName } from './attachments';

const EXTENSIONS: Record<MediaMime, string> = {
  'application/pdf': 'pdf',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/amr': 'amr',
};

/** How a stored PDF's or audio's key ends: the attachment route serves only these. */
export const MEDIA_EXTENSIONS = Object.values(EXTENSIONS);

/** MP4 brands of audio files (iTunes audio, audiobook, protected audio). */
const AUDIO_MP4_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ']);

/**
 * A PDF's or an audio's type from its first bytes (at least 12), against the allow-list
 * (decision 037); null for anything else. The name and the sender's claim are ignored, but for
 * one thing: an MP4 container of another brand (a phone recorder's `isom`, `mp42`, `3gp4`) is
 * audio only when WhatsApp delivered it as audio (`asAudio`), so a video sent as a document is
 * never taken for a sound file.
 */
export function sniffMediaType(head: Buffer, asAudio: boolean): MediaMime | null {
  const ascii = (from: number, to: number) => head.subarray(from, to).toString('latin1');
  if (ascii(0, 5) === '%PDF-') return 'application/pdf';
  if (ascii(0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(0, 5) === '#!AMR') return 'audio/amr';
  if (ascii(4, 8) === 'ftyp' && head.length >= 12)
    return AUDIO_MP4_BRANDS.has(ascii(8, 12)) || asAudio ? 'audio/mp4' : null;
  // An ID3 tag starts most MP3 files.
  if (ascii(0, 3) === 'ID3') return 'audio/mpeg';
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0) {
    // ADTS (raw AAC): a 12-bit sync and layer 00. MPEG audio: an 11-bit sync, layer 01 to 11,
    // version not the reserved 01.
    if ((head[1]! & 0xf6) === 0xf0) return 'audio/aac';
    if ((head[1]! & 0x06) !== 0 && (head[1]! & 0x18) !== 0x08) return 'audio/mpeg';
  }
  return null;
}

/**
 * A PDF or an audio received whole from elsewhere (a WhatsApp customer's document or voice
 * note), stored as it came under a random name: unlike an image there is nothing to decode and
 * re-encode, so its type (from sniffMediaType) and its size are all that is checked.
 */
export async function storeMediaBytes(options: {
  storage: ObjectStorage;
  bytes: Buffer;
  mime: MediaMime;
  /** The sender's file name, kept for the download (made safe); `fallback` when it has none. */
  name: string | undefined;
  fallback: string;
}): Promise<AttachmentMeta> {
  const { storage, bytes, mime } = options;
  if (bytes.length > ATTACHMENT_MAX_BYTES)
    throw new AppError('payload_too_large', MEDIA_SIZE_ERROR);
  const meta: AttachmentMeta = {
    storageKey: `${randomBytes(16).toString('hex')}.${EXTENSIONS[mime]}`,
    mime,
    size: bytes.length,
    originalName: safeName(options.name ?? '', options.fallback),
  };
  await storage.put(meta.storageKey, bytes, mime);
  return meta;
}

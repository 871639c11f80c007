import type { Readable } from 'node:stream';
import { AppError } from '../errors';

/** What a client is told when the image store cannot be reached (upload or fetch). */
export const STORAGE_UNAVAILABLE_ERROR =
  'Images are temporarily unavailable. Please try again shortly.';

/**
 * The store failed or could not be reached: a 503 for the client, with the store's own error
 * kept as the cause for the log.
 */
export class StorageUnavailableError extends AppError {
  constructor(cause: unknown) {
    super('service_unavailable', STORAGE_UNAVAILABLE_ERROR);
    this.name = 'StorageUnavailableError';
    this.cause = cause;
  }
}

export interface StoredObject {
  stream: Readable;
  /** In bytes. */
  size: number;
}

/**
 * Where uploaded files live: a folder on this machine, or a bucket every instance shares. Keys
 * are flat file names (letters, digits, `.`, `_`, `-`). Any failure of the store itself is a
 * StorageUnavailableError; a key that is not there is null, never an error.
 */
export interface ObjectStorage {
  readonly kind: 'disk' | 's3';
  /** Stores the whole body under the key, replacing what was there; readers never see half. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  open(key: string): Promise<StoredObject | null>;
  /** The object's size in bytes, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Removes the object; a key that is not there is fine. */
  remove(key: string): Promise<void>;
  /** Throws when the store cannot take writes or cannot be reached (for readiness). */
  probe(): Promise<void>;
  close(): Promise<void>;
}

const KEY = /^[\w-][\w.-]{0,199}$/;

/** A flat name that cannot leave the folder or the bucket's namespace, nor be a hidden file. */
export function isStorageKey(key: string): boolean {
  return KEY.test(key) && !key.includes('..');
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`Not a storage key: ${key}`);
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  // A WhatsApp customer's documents and audio (decision 037).
  pdf: 'application/pdf',
  ogg: 'audio/ogg',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  amr: 'audio/amr',
};

/** The content type a stored file's name says (for copies made without the message at hand). */
export function contentTypeOfKey(key: string): string {
  return CONTENT_TYPES[key.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream';
}

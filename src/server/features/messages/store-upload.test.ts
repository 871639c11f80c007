import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import Fastify from 'fastify';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { DiskStorage, StorageUnavailableError } from '../../platform/storage';
import { storeUpload } from './attachments';

/** What storeUpload reads of @fastify/multipart's file: its stream and its name. */
function uploadedFile(bytes: Buffer, filename: string): MultipartFile {
  const file = Object.assign(Readable.from([bytes]), { truncated: false });
  return { file, filename } as unknown as MultipartFile;
}

/** A folder whose store fails the put numbered `failAt` (1 = the first), as a store going down. */
class FailingStorage extends DiskStorage {
  puts = 0;
  constructor(
    dir: string,
    private readonly failAt: number,
  ) {
    super(dir);
  }
  override async put(key: string, body: Buffer, contentType: string): Promise<void> {
    this.puts += 1;
    if (this.puts === this.failAt)
      throw new StorageUnavailableError(new Error('connect ECONNREFUSED'));
    return super.put(key, body, contentType);
  }
}

/** Fastify's logger that writes nothing. */
const log = Fastify({ logger: false }).log;

describe('storeUpload with a store that fails', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each([1, 2])(
    'failing put %i of 2 leaves nothing stored and answers the 503',
    async (failAt) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-store-upload-'));
      dirs.push(dir);
      const storage = new FailingStorage(dir, failAt);
      const image = await sharp({
        create: { width: 120, height: 80, channels: 3, background: '#159' },
      })
        .png()
        .toBuffer();
      await expect(
        storeUpload({
          storage,
          file: uploadedFile(image, 'proof.png'),
          log,
        }),
      ).rejects.toBeInstanceOf(StorageUnavailableError);
      expect(storage.puts).toBe(failAt);
      // The image stored before the thumbnail failed is taken back: no half of an upload stays.
      expect(fs.readdirSync(dir)).toEqual([]);
    },
  );

  it('stores the image and its thumbnail when the store works', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-store-upload-'));
    dirs.push(dir);
    const storage = new FailingStorage(dir, 0);
    const image = await sharp({
      create: { width: 120, height: 80, channels: 3, background: '#159' },
    })
      .png()
      .toBuffer();
    const meta = await storeUpload({
      storage,
      file: uploadedFile(image, 'proof.png'),
      log,
    });
    expect(meta).toMatchObject({
      mime: 'image/png',
      width: 120,
      height: 80,
      originalName: 'proof.png',
    });
    expect(fs.readdirSync(dir).sort()).toEqual([meta.storageKey, meta.thumbnailKey].sort());
    expect(fs.statSync(path.join(dir, meta.storageKey)).size).toBe(meta.size);
  });
});

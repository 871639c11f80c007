import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '../../../../tests/support/s3-server';
import { loadConfig } from '../../config';
import {
  copyUploads,
  createStorage,
  DiskStorage,
  S3Storage,
  StorageUnavailableError,
  STORAGE_UNAVAILABLE_ERROR,
  type ObjectStorage,
} from '.';

const KEY = `${'ab'.repeat(16)}.png`;
const THUMB = `${'ab'.repeat(16)}.thumb.webp`;

async function read(storage: ObjectStorage, key: string): Promise<Buffer | null> {
  const stored = await storage.open(key);
  if (!stored) return null;
  const body = Buffer.concat(await stored.stream.toArray());
  expect(body.length).toBe(stored.size);
  return body;
}

async function failure(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  return expect.fail('the store answered although it is down');
}

interface Setup {
  storage: ObjectStorage;
  /** Makes the store fail every call, then mends it. */
  breakStore(): Promise<void>;
  mendStore(): Promise<void>;
  dispose(): Promise<void>;
}

const setups: Record<'disk' | 's3', () => Promise<Setup>> = {
  disk: async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-disk-storage-'));
    const dir = path.join(root, 'uploads');
    const storage = createStorage(loadConfig({ DATA_DIR: root }).storage);
    expect(storage).toBeInstanceOf(DiskStorage);
    const aside = path.join(root, 'uploads-aside');
    return {
      storage,
      // A file where the folder should be: nothing inside it can be read or written.
      breakStore: async () => {
        fs.mkdirSync(dir, { recursive: true });
        fs.renameSync(dir, aside);
        fs.writeFileSync(dir, 'not a folder');
      },
      mendStore: async () => {
        fs.rmSync(dir);
        fs.renameSync(aside, dir);
      },
      dispose: async () => fs.rmSync(root, { recursive: true, force: true }),
    };
  },
  s3: async () => {
    const server: S3TestServer = await startS3Server();
    const storage = createStorage(loadConfig(server.env).storage);
    expect(storage).toBeInstanceOf(S3Storage);
    return {
      storage,
      breakStore: () => server.stop(),
      mendStore: () => server.start(),
      dispose: async () => {
        await storage.close();
        await server.dispose();
      },
    };
  },
};

describe.each(['disk', 's3'] as const)('%s storage', (kind) => {
  let setup: Setup;
  let storage: ObjectStorage;

  beforeAll(async () => {
    setup = await setups[kind]();
    storage = setup.storage;
  });
  afterAll(async () => {
    await setup?.dispose();
  });

  it('keeps what is put, replaces it whole, and removes it', async () => {
    expect(storage.kind).toBe(kind);
    await storage.probe();
    expect(await storage.open(KEY)).toBeNull();
    expect(await storage.size(KEY)).toBeNull();

    await storage.put(KEY, Buffer.from('first image'), 'image/png');
    await storage.put(THUMB, Buffer.from('thumb'), 'image/webp');
    expect((await read(storage, KEY))?.toString()).toBe('first image');
    expect(await storage.size(KEY)).toBe('first image'.length);

    await storage.put(KEY, Buffer.from('second'), 'image/png');
    expect((await read(storage, KEY))?.toString()).toBe('second');

    await storage.remove(KEY);
    expect(await storage.open(KEY)).toBeNull();
    // Removing what is not there is not an error.
    await storage.remove(KEY);
    expect((await read(storage, THUMB))?.toString()).toBe('thumb');
  });

  it('refuses a key that could reach outside its folder or bucket', async () => {
    for (const key of ['../escape.png', 'a/b.png', '.hidden', '', 'a\\b', 'x..png']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(
        /Not a storage key/,
      );
      await expect(storage.open(key)).rejects.toThrow(/Not a storage key/);
    }
  });

  it('answers every call with a 503 error while the store is down, and works again after', async () => {
    await storage.put(KEY, Buffer.from('kept'), 'image/png');
    await setup.breakStore();
    try {
      for (const call of [
        () => storage.put(KEY, Buffer.from('lost'), 'image/png'),
        () => storage.open(KEY),
        () => storage.size(KEY),
        () => storage.remove(KEY),
      ]) {
        const error = await failure(call());
        expect(error).toBeInstanceOf(StorageUnavailableError);
        expect(error).toMatchObject({ statusCode: 503, message: STORAGE_UNAVAILABLE_ERROR });
        expect((error as Error).cause).toBeInstanceOf(Error);
      }
      await expect(storage.probe()).rejects.toThrow();
    } finally {
      await setup.mendStore();
    }
    await storage.probe();
    expect((await read(storage, KEY))?.toString()).toBe('kept');
  });
});

describe('s3 storage with a key the store does not know', () => {
  let server: S3TestServer;
  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it('fails the probe and answers calls with a 503 error', async () => {
    const storage = createStorage(
      loadConfig({ ...server.env, S3_ACCESS_KEY_ID: 'NOT-A-KEY' }).storage,
    );
    try {
      await expect(storage.probe()).rejects.toThrow();
      const error = await failure(storage.put(KEY, Buffer.from('x'), 'image/png'));
      expect(error).toBeInstanceOf(StorageUnavailableError);
      expect(await server.keys()).toEqual([]);
    } finally {
      await storage.close();
    }
  });

  it('fails the probe for a bucket that is not there', async () => {
    const storage = createStorage(
      loadConfig({ ...server.env, S3_BUCKET: 'no-such-bucket' }).storage,
    );
    try {
      await expect(storage.probe()).rejects.toThrow();
    } finally {
      await storage.close();
    }
  });
});

describe('disk storage listing and copying to s3', () => {
  let root: string;
  let server: S3TestServer;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-copy-'));
    server = await startS3Server();
  });
  afterAll(async () => {
    await server?.dispose();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('lists stored files only, and copies each once however often it runs', async () => {
    const disk = new DiskStorage(path.join(root, 'uploads'));
    expect(await disk.keys()).toEqual({ keys: [], skipped: [] });
    await disk.put(KEY, Buffer.from('image'), 'image/png');
    await disk.put(THUMB, Buffer.from('thumbnail'), 'image/webp');
    fs.writeFileSync(path.join(disk.dir, `${'cd'.repeat(16)}.part`), 'half an upload');
    fs.writeFileSync(path.join(disk.dir, '.ready-1234'), '');
    fs.mkdirSync(path.join(disk.dir, 'folder'));
    expect(await disk.keys()).toEqual({
      keys: [KEY, THUMB],
      skipped: ['.ready-1234', `${'cd'.repeat(16)}.part`, 'folder'],
    });

    const s3 = createStorage(loadConfig(server.env).storage);
    try {
      const copied: string[] = [];
      const first = await copyUploads({ from: disk, to: s3, onCopied: (key) => copied.push(key) });
      expect(first).toEqual({
        copied: 2,
        alreadyThere: 0,
        skipped: ['.ready-1234', `${'cd'.repeat(16)}.part`, 'folder'],
      });
      expect(copied).toEqual([KEY, THUMB]);
      expect(await server.keys()).toEqual([KEY, THUMB]);
      expect((await read(s3, KEY))?.toString()).toBe('image');

      // A new image since: only it is copied; one changed in the bucket is put back.
      const later = `${'ef'.repeat(16)}.jpg`;
      await disk.put(later, Buffer.from('a later image'), 'image/jpeg');
      await s3.put(THUMB, Buffer.from('other'), 'image/webp');
      const second = await copyUploads({ from: disk, to: s3 });
      expect(second).toMatchObject({ copied: 2, alreadyThere: 1 });
      expect((await read(s3, THUMB))?.toString()).toBe('thumbnail');
      expect(await copyUploads({ from: disk, to: s3 })).toMatchObject({
        copied: 0,
        alreadyThere: 3,
      });
      expect(await server.keys()).toEqual([KEY, THUMB, later]);
    } finally {
      await s3.close();
    }
  });
});

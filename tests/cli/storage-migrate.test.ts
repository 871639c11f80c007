import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/server/db/schema';
import { createTestApp } from '../support/app';
import { openPgliteTestDatabase, type TestDatabase } from '../support/databases';
import { startS3Server, type S3TestServer } from '../support/s3-server';
import { makeAgent, makeCustomer, sessionCookie } from '../support/users';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/**
 * The command as `npm run storage:migrate` runs it once built: its bundle with plain node
 * (dist/server/storage-migrate.js, built by tests/setup/global-server-bundle.ts).
 */
async function storageMigrate(env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['dist/server/storage-migrate.js'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        ...env,
      },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

// Each case starts a real process: slow on a busy machine.
describe('npm run storage:migrate', { timeout: 120_000 }, () => {
  let dataDir: string;
  let uploads: string;
  let s3: S3TestServer;
  let database: TestDatabase;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-migrate-'));
    uploads = path.join(dataDir, 'uploads');
    s3 = await startS3Server();
    database = await openPgliteTestDatabase();
  });
  afterAll(async () => {
    await s3?.dispose();
    await database?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to run without STORAGE=s3, or with an S3 setting missing', async () => {
    const disk = await storageMigrate({ DATA_DIR: dataDir });
    expect(disk.code).toBe(1);
    expect(disk.stderr).toMatch(/Set STORAGE=s3 and the S3_\* settings/);
    const { S3_SECRET_ACCESS_KEY: _secret, ...partial } = s3.env;
    const missing = await storageMigrate({ DATA_DIR: dataDir, ...partial });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/STORAGE=s3 needs S3_SECRET_ACCESS_KEY/);
    expect(await s3.keys()).toEqual([]);
  });

  it('copies the disk uploads once, reports counts, and the app then serves old images from S3', async () => {
    // An image message stored on disk, as the app wrote it before STORAGE=s3.
    const base = randomBytes(16).toString('hex');
    const image = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#a52' },
    })
      .jpeg()
      .toBuffer();
    const thumbnail = await sharp(image).webp().toBuffer();
    fs.mkdirSync(uploads, { recursive: true });
    fs.writeFileSync(path.join(uploads, `${base}.jpg`), image);
    fs.writeFileSync(path.join(uploads, `${base}.thumb.webp`), thumbnail);
    // An older image without thumbnail, and a crashed upload's leftover.
    const older = `${randomBytes(16).toString('hex')}.png`;
    fs.writeFileSync(path.join(uploads, older), await sharp(image).png().toBuffer());
    fs.writeFileSync(path.join(uploads, `${randomBytes(16).toString('hex')}.part`), 'half');

    const first = await storageMigrate({ DATA_DIR: dataDir, ...s3.env });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      /Copied 3 file\(s\); 0 already in the bucket; 1 skipped \(not uploads\): [0-9a-f]{32}\.part\./,
    );
    expect(await s3.keys()).toEqual([`${base}.jpg`, `${base}.thumb.webp`, older].sort());

    const second = await storageMigrate({ DATA_DIR: dataDir, ...s3.env });
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/Copied 0 file\(s\); 3 already in the bucket; 1 skipped/);

    const customer = await makeCustomer(database.db);
    const agent = await makeAgent(database.db);
    const otherDir = fs.mkdtempSync(path.join(dataDir, 'instance-'));
    const app = await createTestApp({ database, env: { DATA_DIR: otherDir, ...s3.env } });
    try {
      const cookie = await sessionCookie(database.db, customer);
      const created = await app.inject({
        method: 'POST',
        url: '/api/chat-sessions',
        headers: { cookie },
        payload: { category: 'bitcoin' },
      });
      const [row] = await database.db
        .insert(messages)
        .values({
          chatSessionId: created.json<{ id: number }>().id,
          senderId: agent.id,
          messageType: 'image',
          attachment: {
            storageKey: `${base}.jpg`,
            thumbnailKey: `${base}.thumb.webp`,
            mime: 'image/jpeg',
            size: image.length,
            originalName: 'old.jpg',
          },
          clientMessageId: randomUUID(),
        })
        .returning({ id: messages.id });
      for (const [url, bytes] of [
        [`/api/attachments/${row!.id}`, image],
        [`/api/attachments/${row!.id}/thumbnail`, thumbnail],
      ] as const) {
        const res = await app.inject({ method: 'GET', url, headers: { cookie } });
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.equals(bytes)).toBe(true);
      }
    } finally {
      await app.close();
    }
  });

  it('stops with exit code 1 when the bucket cannot be reached', async () => {
    await s3.stop();
    try {
      const down = await storageMigrate({ DATA_DIR: dataDir, ...s3.env });
      expect(down.code).toBe(1);
      expect(down.stderr).toMatch(/The bucket cannot be reached/);
    } finally {
      await s3.start();
    }
  });
});

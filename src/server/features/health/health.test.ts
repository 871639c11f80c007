import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../../../tests/support/app';
import {
  openPgliteTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../../../tests/support/databases';
import { openDatabase, type Database } from '../../db/client';
import { rows } from '../../db/raw';

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

describe.each(testDatabaseKinds())('liveness and readiness on $name', (kind) => {
  let database: TestDatabase;
  let dataDir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await kind.open();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-health-'));
    app = await createTestApp({ database, env: { DATA_DIR: dataDir } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('live answers ok, never cached', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('ready answers ok when the database, the upload folder and LISTEN all work', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', storage: 'ok', listen: 'ok' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    // The write probe leaves nothing behind in the folder customers' images go to.
    expect(fs.readdirSync(path.join(dataDir, 'uploads'))).toEqual([]);
  });

  it('ready answers 503 naming the database once it is closed under a running app', async () => {
    // A connection of its own to a migrated database, so the test's own stays open.
    const own: Database =
      kind.name === 'postgres'
        ? await openDatabase({ kind: 'postgres', url: database.url! })
        : await openPgliteTestDatabase();
    const other = await createTestApp({ database: own, env: { DATA_DIR: dataDir } });
    try {
      await other.ready();
      expect((await other.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(
        200,
      );
      await own.close();
      const res = await other.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'failed', storage: 'ok', listen: 'ok' },
      });
      // Still alive: restarting the process would not bring the database back.
      expect((await other.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('ready answers 503 naming storage when the upload folder cannot take writes', async () => {
    const brokenDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-health-broken-'));
    // A file where the uploads folder should be: nothing can be written inside it.
    fs.writeFileSync(path.join(brokenDataDir, 'uploads'), 'not a folder');
    const other = await createTestApp({ database, env: { DATA_DIR: brokenDataDir } });
    try {
      await other.ready();
      const res = await other.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', storage: 'failed', listen: 'ok' },
      });
      expect(res.body).not.toMatch(/ENOTDIR|EEXIST|at .*\.ts/);
    } finally {
      await other.close();
      fs.rmSync(brokenDataDir, { recursive: true, force: true });
    }
  });

  it.runIf(kind.name === 'postgres')(
    'ready answers 503 naming listen while the LISTEN connection is down, and ok once it is back',
    async () => {
      const ready = () => app.inject({ method: 'GET', url: '/api/health/ready' });
      expect((await ready()).statusCode).toBe(200);
      // No new connections to this database, so the LISTEN connection cannot come straight back;
      // the pool's open connections still answer.
      const [row] = await rows<{ name: string }>(
        database.db,
        sql`select current_database() as name`,
      );
      // From the server's maintenance database: a database cannot close its own door.
      const allowConnections = (allow: boolean) =>
        adminQuery(`alter database ${row!.name} with allow_connections ${allow}`);
      await allowConnections(false);
      try {
        await database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'LISTEN%' and datname = current_database()`,
        );
        await vi.waitFor(
          async () => {
            const res = await ready();
            expect(res.statusCode).toBe(503);
            expect(res.json()).toEqual({
              status: 'unavailable',
              checks: { database: 'ok', storage: 'ok', listen: 'failed' },
            });
          },
          { timeout: 10_000, interval: 20 },
        );
      } finally {
        await allowConnections(true);
      }
      await vi.waitFor(async () => expect((await ready()).statusCode).toBe(200), {
        timeout: 20_000,
        interval: 100,
      });
    },
    30_000,
  );
});

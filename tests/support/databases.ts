import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import { copyPgliteTemplate } from './pglite-template';

export interface TestDatabase extends Database {
  /** Closes the database and removes what the test made. */
  dispose(): Promise<void>;
}

export interface TestDatabaseKind {
  name: 'pglite' | 'postgres';
  open(): Promise<TestDatabase>;
}

/**
 * A fresh, migrated PGlite of its own, in a temporary folder: a copy of the run's template
 * (tests/setup/global-pglite-template.ts), which opens in a fraction of an empty folder's time.
 */
export async function openPgliteTestDatabase(): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-test-'));
  copyPgliteTemplate(inject('pgliteTemplate'), dataDir);
  const database = await openDatabase({ kind: 'pglite', dataDir });
  // Nothing to do on a current template; it keeps the database right if the template is not.
  await migrateDatabase(database);
  return {
    ...database,
    dispose: async () => {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh database on the PostgreSQL server named by `serverUrl`, dropped on dispose. */
export async function createPostgresTestDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `agentchat_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

export async function openPostgresTestDatabase(serverUrl: string): Promise<TestDatabase> {
  const created = await createPostgresTestDatabase(serverUrl);
  const database = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 5 });
  await migrateDatabase(database);
  return {
    ...database,
    dispose: async () => {
      await database.close();
      await created.drop();
    },
  };
}

/**
 * The databases every API test runs on: in-memory PGlite always, and the PostgreSQL server
 * named by TEST_DATABASE_URL when it is set (CI sets it).
 */
export function testDatabaseKinds(): TestDatabaseKind[] {
  const kinds: TestDatabaseKind[] = [{ name: 'pglite', open: openPgliteTestDatabase }];
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) kinds.push({ name: 'postgres', open: () => openPostgresTestDatabase(serverUrl) });
  return kinds;
}

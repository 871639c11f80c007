import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import { pgliteThreadFromEnv } from '../../src/server/db/pglite-thread';
import { pgliteTemplateDump, templateKey } from './pglite-template';

export interface TestDatabase extends Database {
  /** Closes the database and removes what the test made. */
  dispose(): Promise<void>;
}

export interface TestDatabaseKind {
  name: 'pglite' | 'postgres';
  open(): Promise<TestDatabase>;
}

/**
 * A fresh, migrated PGlite of its own, in memory: loaded from the run's template
 * (tests/setup/global-pglite-template.ts), which opens in a fraction of an empty database's time.
 */
export async function openPgliteTestDatabase(): Promise<TestDatabase> {
  const database = await openDatabase({
    kind: 'pglite',
    dataDir: undefined,
    loadDataDir: pgliteTemplateDump(inject('pgliteTemplate')),
    thread: pgliteThreadFromEnv(),
  });
  // Nothing to do on a current template; it keeps the database right if the template is not.
  await migrateDatabase(database);
  return { ...database, dispose: () => database.close() };
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

/**
 * A fresh database on the PostgreSQL server named by `serverUrl` (empty, or a copy of `template`),
 * dropped on dispose.
 */
export async function createPostgresTestDatabase(
  serverUrl: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `agentchat_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/**
 * The migrated, empty database every PostgreSQL test database is copied from, made once per
 * server, migrations and worker (support/pglite-template's key): `create database … template`
 * copies its files in a fraction of the 28 migrations' time (measured: about 0.2 s against 3 to
 * 5 s on a busy 2-core machine, and a run makes about a hundred). Made under a name of its own and
 * renamed into place, so a template under the final name is always complete; two workers making
 * it at once keep the first and drop the other.
 */
const postgresTemplates = new Map<string, Promise<string>>();

export function sharedPostgresTemplate(serverUrl: string): Promise<string> {
  let made = postgresTemplates.get(serverUrl);
  if (!made) {
    made = makePostgresTemplate(serverUrl);
    // A failure is not kept: the next test database tries again.
    made.catch(() => postgresTemplates.delete(serverUrl));
    postgresTemplates.set(serverUrl, made);
  }
  return made;
}

async function makePostgresTemplate(serverUrl: string): Promise<string> {
  const name = `agentchat_template_${templateKey()}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return name;
  } finally {
    await client.end();
  }
  const building = await createPostgresTestDatabase(serverUrl);
  const database = await openDatabase({ kind: 'postgres', url: building.url, poolSize: 1 });
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
  const buildingName = new URL(building.url).pathname.slice(1);
  try {
    await adminQuery(serverUrl, `alter database ${buildingName} rename to ${name}`);
  } catch {
    // Another worker renamed its own into place first.
    await building.drop();
  }
  return name;
}

/** A fresh, migrated database on the PostgreSQL server: a copy of the run's template. */
export async function openPostgresTestDatabase(serverUrl: string): Promise<TestDatabase> {
  const template = await sharedPostgresTemplate(serverUrl);
  const created = await createPostgresTestDatabase(serverUrl, template);
  const database = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 5 });
  // Nothing to do on a current template; it keeps the database right if the template is not.
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

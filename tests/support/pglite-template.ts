import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * PGlite's first start in an empty folder (its initdb) costs seconds, several times what the
 * migrations cost; a copy of a folder that is already initialised and migrated opens in under
 * one. The test runs make one such template up front (tests/setup/global-pglite-template.ts)
 * and every test database and server process starts from a copy of it.
 */

/** Where the app keeps PGlite's files inside DATA_DIR (src/server/db/client.ts). */
const PGDATA = 'pgdata';

/** A DATA_DIR with a freshly initialised, migrated, empty database in it. */
export async function createPgliteTemplate(): Promise<string> {
  // Imported here, so the server-process helper can use this module without loading the app.
  const { openDatabase } = await import('../../src/server/db/client');
  const { migrateDatabase } = await import('../../src/server/db/migrate');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-template-'));
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
  return dataDir;
}

/**
 * Copies a template's database into `dataDir` (made if missing), ready for the app to open;
 * nothing when `dataDir` has a database already.
 */
export function copyPgliteTemplate(template: string, dataDir: string): void {
  const target = path.join(dataDir, PGDATA);
  if (fs.existsSync(target)) return;
  fs.cpSync(path.join(template, PGDATA), target, { recursive: true });
}

import { createHash } from 'node:crypto';
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

/**
 * Test databases hold a few hundred rows: 8 MB of shared buffers is room to spare, and PGlite
 * zeroes the default 128 MB at every start. Measured here: a copy opens in 0.25 CPU-seconds
 * instead of 0.72, and a run opens over a hundred. Memory size only; the SQL is the same.
 */
const TEST_SETTINGS = 'shared_buffers = 8MB';

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
  // The last setting in postgresql.conf wins.
  fs.appendFileSync(path.join(dataDir, PGDATA, 'postgresql.conf'), `\n${TEST_SETTINGS}\n`);
  // The same database as one file, for the in-memory test databases (support/databases).
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create(path.join(dataDir, PGDATA));
  try {
    const dump = await pglite.dumpDataDir('none');
    fs.writeFileSync(path.join(dataDir, DUMP), Buffer.from(await dump.arrayBuffer()));
  } finally {
    await pglite.close();
  }
  return dataDir;
}

/** The template's database as a tarball beside its folder (PGlite's `dumpDataDir`). */
const DUMP = 'pgdata.tar';

const dumps = new Map<string, Uint8Array<ArrayBuffer>>();

/**
 * The dump's bytes as the Blob PGlite's `loadDataDir` takes, read with one copy: PGlite reads a
 * dump only through `arrayBuffer()`, and a real Blob of the 43 MB costs a copy into the Blob and
 * then `arrayBuffer()`'s reading in small chunks: about 100 ms of CPU of each open's 400 here.
 * Each `arrayBuffer()` is a copy of its own, as a real Blob's is (the worker thread transfers
 * it). Only `arrayBuffer()` and `type` are real: `size`, `slice()` and `stream()` see an empty
 * Blob.
 */
class TemplateDump extends Blob {
  readonly #bytes: Uint8Array<ArrayBuffer>;
  constructor(bytes: Uint8Array<ArrayBuffer>) {
    super([], { type: 'application/x-tar' });
    this.#bytes = bytes;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes.buffer.slice(0));
  }
}

/**
 * A template's database as one blob, for an in-memory PGlite to start from
 * (`loadDataDir`): read once per process. A test database in memory opens without copying the
 * folder's 1,200 files and closes without deleting them: those two took a third of a server
 * test file's time on a busy machine.
 */
export function pgliteTemplateDump(template: string): Blob {
  let dump = dumps.get(template);
  if (!dump) {
    dump = new Uint8Array(fs.readFileSync(path.join(template, DUMP)));
    dumps.set(template, dump);
  }
  return new TemplateDump(dump);
}

const rootDir = path.resolve(import.meta.dirname, '../..');

/**
 * What a template depends on: the migrations and `migrate.ts`, the PGlite release and its test
 * settings. A change
 * to any makes a new template; otherwise every project and every later run reuses the one made
 * first.
 */
export function templateKey(): string {
  const hash = createHash('sha256');
  const migrations = path.join(rootDir, 'drizzle');
  for (const file of fs.readdirSync(migrations, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrations, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  const pglite = path.join(rootDir, 'node_modules/@electric-sql/pglite/package.json');
  hash
    // What migrateDatabase does beside the migrations (on PGlite, a trigger turned off).
    .update(fs.readFileSync(path.join(rootDir, 'src/server/db/migrate.ts')))
    .update(JSON.parse(fs.readFileSync(pglite, 'utf8')).version)
    .update(TEST_SETTINGS)
    .update(DUMP);
  return hash.digest('hex').slice(0, 16);
}

/**
 * The template for the current migrations, made once and kept in the temporary folder: the
 * test projects and later runs copy the same one. Made under another name and renamed into
 * place, so a folder under the final name is always complete.
 */
export async function sharedPgliteTemplate(): Promise<string> {
  const dir = path.join(os.tmpdir(), `agentchat-template-${templateKey()}`);
  if (fs.existsSync(dir)) return dir;
  const made = await createPgliteTemplate();
  try {
    fs.renameSync(made, dir);
  } catch {
    // Another project made it first.
    fs.rmSync(made, { recursive: true, force: true });
  }
  return dir;
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

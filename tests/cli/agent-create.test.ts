import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { acquireDirLock } from '../../src/server/db/lock';
import { auditLog, users } from '../../src/server/db/schema';
import { createPostgresTestDatabase, sharedPostgresTemplate } from '../support/databases';
import { copyPgliteTemplate } from '../support/pglite-template';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/**
 * The command as `npm run agent:create` runs it once built: its bundle with plain node
 * (dist/server/agent-create.js, built by tests/setup/global-server-bundle.ts), nothing else in
 * its environment.
 */
async function agentCreate(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['dist/server/agent-create.js', ...args],
      { cwd: root, env: { PATH: process.env.PATH, NODE_ENV: 'test', ...env } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const ARGS = [
  '--email',
  'Ops@Example.com',
  '--password',
  'long enough',
  '--first-name',
  'Ada',
  '--last-name',
  'Ops',
];

// Each case starts one or two real processes (PGlite): slow on a busy machine.
describe('npm run agent:create', { timeout: 120_000 }, () => {
  const dirs: string[] = [];
  /** An empty folder, as on a fresh machine. */
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-cli-'));
    dirs.push(dir);
    return dir;
  };
  /** A folder with a migrated database: a copy of the template, not seconds of initdb again. */
  const migratedDir = () => {
    const dir = tempDir();
    copyPgliteTemplate(inject('pgliteTemplate'), dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  // The one case on an empty folder: the command makes and migrates the database itself.
  it('creates an admin in an empty PGlite folder, with an audit entry, and refuses a duplicate', async () => {
    const dir = tempDir();
    const first = await agentCreate([...ARGS, '--admin'], { DATA_DIR: dir });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/Created admin ops@example.com/);
    const again = await agentCreate(ARGS, { DATA_DIR: dir });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already exists/);

    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    const [row] = await database.db.select().from(users).where(eq(users.email, 'ops@example.com'));
    expect(row).toMatchObject({
      isAdmin: true,
      isAgent: true,
      agentType: 'general',
      mustChangePassword: false,
    });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.entityId, row!.id));
    expect(audit.map((a) => a.action)).toEqual(['admin.create']);
    await database.close();
  });

  it('without --password, prints a generated one that must be changed at first sign-in', async () => {
    const dir = migratedDir();
    const args = ARGS.filter((a, i) => a !== '--password' && ARGS[i - 1] !== '--password');
    const res = await agentCreate(args, { DATA_DIR: dir });
    expect(res.code).toBe(0);
    const password = /Generated password .*: (\S{12})$/m.exec(res.stdout)?.[1];
    expect(password).toBeDefined();
    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    const [row] = await database.db.select().from(users).where(eq(users.email, 'ops@example.com'));
    expect(row?.mustChangePassword).toBe(true);
    expect(await verify(row!.passwordHash!, password!)).toBe(true);
    await database.close();
  });

  it('applies the same validation as the API, before it makes a database', async () => {
    const dir = tempDir();
    const res = await agentCreate(['--email', 'not-an-email', '--password', 'short'], {
      DATA_DIR: dir,
    });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/valid email/);
    expect(res.stderr).toMatch(/at least 8 characters/);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('says clearly when the app holds the PGlite folder', async () => {
    const dir = tempDir();
    const lock = acquireDirLock(dir);
    // The lock names this test's live process, as a running app would.
    const res = await agentCreate(ARGS, { DATA_DIR: dir });
    lock.release();
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/in use by another AgentChat process/);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'writes to the PostgreSQL server named by DATABASE_URL',
    async () => {
      // A copy of the migrated template: the empty start is the PGlite case's.
      const server = process.env.TEST_DATABASE_URL!;
      const created = await createPostgresTestDatabase(
        server,
        await sharedPostgresTemplate(server),
      );
      try {
        const res = await agentCreate(ARGS, { DATABASE_URL: created.url, DATA_DIR: tempDir() });
        expect(res.code).toBe(0);
        const database = await openDatabase({ kind: 'postgres', url: created.url });
        const rows = await database.db
          .select()
          .from(users)
          .where(eq(users.email, 'ops@example.com'));
        expect(rows).toHaveLength(1);
        await database.close();
      } finally {
        await created.drop();
      }
    },
  );
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { copyPgliteTemplate, pgliteTemplateDump } from '../../../tests/support/pglite-template';
import { makeCustomer } from '../../../tests/support/users';
import { openDatabase, type Database } from './client';
import { migrateDatabase } from './migrate';
import { PGLITE_THREADS } from '../config';
import { compiledPglite, PgliteThread } from './pglite-thread';
import { isUniqueViolation, rows } from './raw';
import { users } from './schema';

/**
 * PGlite in its worker thread (decision 041, the default) and on the main thread, whatever
 * PGLITE_THREAD says: what the app relies on from PGlite holds on both.
 */
describe.each(PGLITE_THREADS)('PGlite on the %s thread', (thread) => {
  let database: Database;
  const lost: Error[] = [];

  beforeAll(async () => {
    database = await openDatabase({
      kind: 'pglite',
      dataDir: undefined,
      loadDataDir: pgliteTemplateDump(inject('pgliteTemplate')),
      thread,
      onLost: (error) => lost.push(error),
    });
    await migrateDatabase(database);
    await database.db.execute(sql`create table thread_probe (n integer primary key)`);
  });

  afterAll(async () => {
    await database?.close();
  });

  it('runs where it says: drizzle drives the stand-in of a worker, or PGlite itself', () => {
    const client = (database.db as unknown as { $client: unknown }).$client;
    if (thread === 'worker') expect(client).toBeInstanceOf(PgliteThread);
    else expect(client).not.toBeInstanceOf(PgliteThread);
  });

  /**
   * A transaction that has inserted `first` and stays open until `release`; then it inserts
   * `then`, if given, and commits.
   */
  async function heldOpen(first: number, then?: number) {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedOnce = new Promise<void>((resolve) => (inserted = resolve));
    const committed = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe values (${first})`);
      inserted();
      await held;
      if (then !== undefined) await tx.execute(sql`insert into thread_probe values (${then})`);
    });
    await insertedOnce;
    return { release, committed };
  }

  it('holds a transaction open in the worker and keeps other statements out until it commits', async () => {
    const transaction = await heldOpen(1, 2);
    // Asked while the transaction is open: answered only after its commit, so it sees both rows.
    const outside = rows<{ count: number }>(
      database.db,
      sql`select count(*)::integer as count from thread_probe`,
    );
    const prepared = database.prepared<{ count: number }>(
      sql`select count(*)::integer as count from thread_probe where n > ${0}::integer`,
    );
    transaction.release();
    await transaction.committed;
    expect(await outside).toEqual([{ count: 2 }]);
    expect(await prepared).toEqual([{ count: 2 }]);
  });

  it.skipIf(thread === 'main')(
    "starts a transaction's work before PGlite has opened it; its statements wait for that",
    async () => {
      const first = await heldOpen(5);
      let started = false;
      const second = database.db.transaction(async (tx) => {
        started = true;
        // Runs only once the first has committed: it sees the first's row.
        return rows<{ count: number }>(
          tx,
          sql`select count(*)::integer as count from thread_probe where n = 5`,
        );
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const startedWhileHeld = started;
      first.release();
      await first.committed;
      // Begun without waiting for the worker's answer (a round trip less per transaction)...
      expect(startedWhileHeld).toBe(true);
      // ...and its statement still ran inside its own transaction, after the first committed.
      expect(await second).toEqual([{ count: 1 }]);
    },
  );

  it('rolls back when the work throws, and a nested savepoint rolls back alone', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe values (10)`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe values (11)`);
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql`insert into thread_probe values (12)`);
          throw new Error('inner');
        }),
      ).rejects.toThrow('inner');
    });
    const found = await rows<{ n: number }>(
      database.db,
      sql`select n from thread_probe where n >= 10 order by n`,
    );
    expect(found).toEqual([{ n: 11 }]);
  });

  it("keeps PostgreSQL's error fields: a unique violation is still one", async () => {
    const error = await database.db
      .execute(sql`insert into thread_probe values (11)`)
      .then(() => undefined)
      .catch((caught: unknown) => caught);
    expect(isUniqueViolation(error, 'thread_probe_pkey')).toBe(true);
  });

  it("gives drizzle's rows as on the main thread: timestamps as dates, numbers, JSON", async () => {
    const customer = await makeCustomer(database.db);
    const [row] = await database.db
      .select()
      .from(users)
      .where(sql`${users.id} = ${customer.id}`);
    expect(row?.createdAt).toBeInstanceOf(Date);
    expect(Math.abs(row!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    const [raw] = await rows<{ n: string; j: { a: number[] }; t: string }>(
      database.db,
      sql`select 1.10::numeric as n, '{"a":[1,2]}'::jsonb as j, now() as t`,
    );
    expect(raw?.n).toBe('1.10');
    expect(raw?.j).toEqual({ a: [1, 2] });
  });

  it('tells a notification before the committing statement answers', async () => {
    const notifications = database.notifications(Fastify().log);
    const heard: string[] = [];
    notifications.on('thread_probe_channel', (payload) => heard.push(payload));
    await notifications.start();
    try {
      await database.db.execute(sql`select pg_notify('thread_probe_channel', 'one')`);
      expect(heard).toEqual(['one']);
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('thread_probe_channel', 'two')`);
        expect(heard).toEqual(['one']);
      });
      expect(heard).toEqual(['one', 'two']);
    } finally {
      await notifications.stop();
    }
    await database.db.execute(sql`select pg_notify('thread_probe_channel', 'three')`);
    expect(heard).toEqual(['one', 'two']);
    expect(lost).toEqual([]);
  });
});

it("compiles PGlite's WebAssembly once per process for every worker", async () => {
  const first = await compiledPglite();
  expect(first).toBeInstanceOf(WebAssembly.Module);
  expect(await compiledPglite()).toBe(first);
});

describe('PGlite in a worker thread on a data folder', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-thread-'));
    // A copy of the run's migrated template: an empty folder's first start costs seconds.
    copyPgliteTemplate(inject('pgliteTemplate'), dataDir);
  });

  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("holds the folder's lock while open, keeps what it wrote, and reopens", async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir, thread: 'worker' });
    try {
      await first.db.execute(sql`create table kept (n integer)`);
      await first.db.execute(sql`insert into kept values (7)`);
      // The lock is the process's (lock.test.ts: another process is refused while it is held).
      expect(fs.readFileSync(path.join(dataDir, 'agentchat.lock'), 'utf8')).toBe(
        String(process.pid),
      );
    } finally {
      await first.close();
    }
    expect(fs.existsSync(path.join(dataDir, 'agentchat.lock'))).toBe(false);
    const again = await openDatabase({ kind: 'pglite', dataDir, thread: 'worker' });
    try {
      expect(await rows(again.db, sql`select n from kept`)).toEqual([{ n: 7 }]);
    } finally {
      await again.close();
    }
  });

  it('a thread that stops unasked fails what is pending and what comes after, and says so', async () => {
    const lost: Error[] = [];
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: undefined,
      loadDataDir: pgliteTemplateDump(inject('pgliteTemplate')),
      thread: 'worker',
      onLost: (error) => lost.push(error),
    });
    const thread = (database.db as unknown as { $client: PgliteThread }).$client;
    const pending = database.db.execute(sql`select pg_sleep(0.5)`);
    // The thread ending as a crash would end it (the stand-in's own worker, by its private name).
    await thread['worker'].terminate();
    expect(causes(await pending.catch((error: unknown) => error))).toMatch(
      /embedded database's thread stopped/,
    );
    expect(
      causes(await database.db.execute(sql`select 1`).catch((error: unknown) => error)),
    ).toMatch(/embedded database's thread stopped/);
    expect(lost).toHaveLength(1);
    await database.close();
  });
});

/** An error's message and its causes' (drizzle wraps the driver's error as the cause). */
function causes(error: unknown): string {
  const messages: string[] = [];
  for (let e: unknown = error; e instanceof Error; e = e.cause) messages.push(e.message);
  return messages.join(' <- ');
}

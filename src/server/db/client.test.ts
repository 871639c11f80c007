import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from './raw';
import { openPostgresTestDatabase, type TestDatabase } from '../../../tests/support/databases';

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * A connection the server ends while the app holds it (a transaction between two queries, as
 * when PostgreSQL stops) fails that transaction; it must never take the process down.
 */
describe.skipIf(!serverUrl)('a PostgreSQL connection lost while checked out of the pool', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openPostgresTestDatabase(serverUrl!);
  });

  afterAll(async () => {
    await database?.dispose();
  });

  it('fails that transaction, and the pool serves the next query on a new connection', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.prependListener('uncaughtException', onUncaught);
    try {
      const transaction = database.db.transaction(async (tx) => {
        const [backend] = await rows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
        const pid = backend!.pid;
        const admin = new pg.Client({ connectionString: serverUrl });
        await admin.connect();
        try {
          await admin.query('select pg_terminate_backend($1)', [pid]);
        } finally {
          await admin.end();
        }
        // The server has closed it; wait until the client has seen the connection end.
        await expect
          .poll(() =>
            tx.execute(sql`select 1`).then(
              () => 'open',
              () => 'closed',
            ),
          )
          .toBe('closed');
      });
      await expect(transaction).rejects.toThrow();
      expect(uncaught).toEqual([]);
      await expect(database.ping()).resolves.toBeUndefined();
    } finally {
      process.removeListener('uncaughtException', onUncaught);
    }
  });
});

import { sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi, type Mock } from 'vitest';
import { openPgliteTestDatabase, type TestDatabase } from '../../../tests/support/databases';
import { startPgliteMaintenance } from './maintenance';
import { rows } from './raw';

describe('the embedded database is vacuumed and analyzed now and then', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openPgliteTestDatabase();
  });
  afterAll(async () => {
    await database.dispose();
  });

  const lastRuns = () =>
    rows<{ relname: string; vacuumed: boolean; analyzed: boolean }>(
      database.db,
      sql`select relname, last_vacuum is not null as vacuumed, last_analyze is not null as analyzed
          from pg_stat_user_tables
          where relname in ('messages', 'chat_sessions', 'realtime_events', 'auth_sessions')
          order by relname`,
    );

  /** A logger that says nothing and counts the runs each maintenance finishes. */
  function countingLogger() {
    return { ...Fastify().log, debug: vi.fn(), warn: vi.fn() } as FastifyBaseLogger & {
      debug: Mock;
    };
  }

  it('vacuums and analyzes the tables a chat changes, until stopped', async () => {
    expect((await lastRuns()).every((t) => !t.vacuumed && !t.analyzed)).toBe(true);
    const logger = countingLogger();
    const sent: string[] = [];
    const stopWatching = database.watchStatements((text) => sent.push(text));
    const maintenance = startPgliteMaintenance(database, logger, 20);
    await vi.waitFor(async () =>
      expect(await lastRuns()).toEqual(
        ['auth_sessions', 'chat_sessions', 'messages', 'realtime_events'].map((relname) => ({
          relname,
          vacuumed: true,
          analyzed: true,
        })),
      ),
    );
    await maintenance.stop();
    stopWatching();
    // One table a statement, in turn: PGlite's thread is held for one table's work at a time.
    const vacuums = sent.filter((text) => text.startsWith('vacuum'));
    expect(vacuums.slice(0, 4).sort()).toEqual(
      ['auth_sessions', 'chat_sessions', 'messages', 'realtime_events'].map(
        (table) => `vacuum (analyze) ${table}`,
      ),
    );
    const runs = logger.debug.mock.calls.length;
    expect(runs).toBeGreaterThan(0);

    // A sentinel: a second maintenance with the same period, started after the stop, finishes
    // a run. A tick of the first still armed would have fallen due, and its vacuum queued on
    // the same database, before that.
    const sentinelLogger = countingLogger();
    const sentinel = startPgliteMaintenance(database, sentinelLogger, 20);
    await vi.waitFor(() => expect(sentinelLogger.debug).toHaveBeenCalled());
    await sentinel.stop();
    expect(logger.debug.mock.calls.length).toBe(runs);
  });
});

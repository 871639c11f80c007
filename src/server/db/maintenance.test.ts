import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

  it('vacuums and analyzes the tables a chat changes, until stopped', async () => {
    expect((await lastRuns()).every((t) => !t.vacuumed && !t.analyzed)).toBe(true);
    // An app that never listens, for its logger (without a logger option: one that says nothing).
    const maintenance = startPgliteMaintenance(database, Fastify().log, 20);
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
    const execute = vi.spyOn(database.db, 'execute');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(execute).not.toHaveBeenCalled();
  });
});

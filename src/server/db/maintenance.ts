import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './client';

/** How often the embedded database is vacuumed and analyzed. */
export const PGLITE_MAINTENANCE_MS = 30_000;

/** The tables every chat message changes (a message, its session, its event, sign-ins). */
const BUSY_TABLES = ['messages', 'chat_sessions', 'realtime_events', 'auth_sessions'];

export interface Maintenance {
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
}

/**
 * PGlite runs no autovacuum: without it, the tables a busy desk changes keep their dead rows and
 * the planner keeps the statistics of the start, and every message costs more than the last (a
 * 5-minute soak at 200 messages/s fell to 143/s). This vacuums and analyzes each of those tables
 * every `everyMs`, one table at a time, in turn: PGlite's thread does nothing else meanwhile, and
 * the four at once took over 100 ms at 500 messages/s, a stall every message sent then waited
 * out. PostgreSQL has its own autovacuum: nothing to do there.
 */
export function startPgliteMaintenance(
  database: Database,
  logger: FastifyBaseLogger,
  everyMs = PGLITE_MAINTENANCE_MS,
): Maintenance {
  if (database.kind !== 'pglite') return { stop: async () => undefined };
  let running: Promise<void> | null = null;
  let turn = 0;
  const run = async () => {
    const started = performance.now();
    const table = BUSY_TABLES[turn++ % BUSY_TABLES.length]!;
    try {
      await database.db.execute(sql.raw(`vacuum (analyze) ${table}`));
      logger.debug(
        { table, ms: Math.round(performance.now() - started) },
        'database maintenance: vacuumed and analyzed',
      );
    } catch (error) {
      logger.warn({ err: error }, 'database maintenance failed; will try again');
    }
  };
  const timer = setInterval(() => {
    running ??= run().finally(() => {
      running = null;
    });
  }, everyMs / BUSY_TABLES.length);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

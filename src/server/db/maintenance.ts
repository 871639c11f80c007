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
 * 5-minute soak at 200 messages/s fell to 143/s). Every `everyMs` this vacuums and analyzes those
 * tables (tens of ms on this thread). PostgreSQL has its own autovacuum: nothing to do there.
 */
export function startPgliteMaintenance(
  database: Database,
  logger: FastifyBaseLogger,
  everyMs = PGLITE_MAINTENANCE_MS,
): Maintenance {
  if (database.kind !== 'pglite') return { stop: async () => undefined };
  let running: Promise<void> | null = null;
  const run = async () => {
    const started = performance.now();
    try {
      await database.db.execute(sql.raw(`vacuum (analyze) ${BUSY_TABLES.join(', ')}`));
      logger.debug(
        { ms: Math.round(performance.now() - started) },
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
  }, everyMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from './app';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { startPgliteMaintenance } from './db/maintenance';
import { migrateDatabase } from './db/migrate';

/** The app running on its database: what `npm start` runs, and the browser tests in-process. */
export interface RunningApp {
  app: FastifyInstance;
  database: Database;
  /** Finishes requests, drains sockets, stops background work and closes the database. */
  close(): Promise<void>;
}

async function openAndMigrate(config: Config): Promise<Database> {
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir, thread: config.pgliteThread },
  );
  await migrateDatabase(database);
  if (database.kind === 'pglite') {
    // PGlite has no autovacuum to gather planner statistics: gather them once at start (and
    // every 30 s on the busy tables, db/maintenance.ts).
    await database.db.execute(sql`analyze`);
  }
  return database;
}

/**
 * Opens and migrates the database, builds the app and listens on `config.host:config.port`.
 * Throws DataDirLockedError when another process holds the embedded database.
 */
export async function startAgentChat(
  config: Config,
  options: Pick<AppDeps, 'web' | 'logger'>,
): Promise<RunningApp> {
  const database = await openAndMigrate(config);
  const app = await buildApp({ config, database, ...options });
  const maintenance = startPgliteMaintenance(database, app.log);
  const where =
    database.kind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL';
  // One line for the app: where people reach it, and the address it listens on.
  await app.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: (address) =>
      `AgentChat is running at ${config.publicUrl} (listening on ${address}, ${where})`,
  });
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await maintenance.stop();
      await database.close();
    },
  };
}

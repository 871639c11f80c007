import { sql } from 'drizzle-orm';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { DataDirLockedError } from './db/lock';
import { startPgliteMaintenance } from './db/maintenance';
import { migrateDatabase } from './db/migrate';

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

async function openAndMigrate(config: Config): Promise<Database> {
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  await migrateDatabase(database);
  if (database.kind === 'pglite') {
    // PGlite has no autovacuum to gather planner statistics: gather them once at start (and
    // every 30 s on the busy tables, db/maintenance.ts).
    await database.db.execute(sql`analyze`);
  }
  return database;
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  let database: Database;
  try {
    database = await openAndMigrate(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    throw error;
  }

  const web = process.env.VITE_DEV === '1' && !config.isProduction ? 'vite' : 'static';
  const app = await buildApp({ config, database, web });
  const maintenance = startPgliteMaintenance(database, app.log);

  let closing = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing requests and shutting down`);
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      await maintenance.stop();
      await database.close();
    } finally {
      clearTimeout(force);
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const where =
    database.kind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL';
  app.log.info(`AgentChat is running at ${config.publicUrl} (${where})`);
  if (config.adminSetupSecretGenerated) {
    // Printed on purpose: the operator needs it once for /admin/setup on a development machine.
    process.stdout.write(
      `\nAdmin setup secret for this run: ${config.adminSetupSecret}\n` +
        `Sign in with Google at ${config.publicUrl}/api/login, then open ${config.publicUrl}/admin/setup.\n` +
        'Set ADMIN_SETUP_SECRET to keep one secret across restarts.\n\n',
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `AgentChat failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});

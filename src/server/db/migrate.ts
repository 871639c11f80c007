import path from 'node:path';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { rootDir } from '../root-dir';
import type { Database, Schema } from './client';

export const migrationsFolder = path.join(rootDir, 'drizzle');

/** An arbitrary constant naming the advisory lock that guards migrations. */
const MIGRATION_LOCK_KEY = 7_418_290_113;

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
    // One connection, one transaction at a time (PGlite's lock), one process: an event's id at
    // insert is already its place in commit order, and no other instance listens for it. The
    // trigger that renumbers it at commit and notifies (migration 0002) would only cost: about
    // a fifth of a message's CPU on PGlite (decision 042).
    await database.db.execute(
      sql`alter table realtime_events disable trigger realtime_events_number_at_commit`,
    );
    return;
  }
  // Instances starting together take turns: a session-level advisory lock on one connection.
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzle(client), { migrationsFolder });
  } finally {
    await client.end();
  }
}

import { sql } from 'drizzle-orm';
import type { TestDatabase } from './databases';

/** Rows of raw SQL: node-postgres and PGlite both answer `{ rows }`; drizzle types it unknown. */
async function query<T>(database: TestDatabase, text: string): Promise<T[]> {
  return ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
}

/**
 * Every row of every table as JSON text: where a name, a number or a text could still hide after
 * an erasure. The audit log is append-only and kept by law as written (decision 027): it is read
 * on its own.
 */
export async function everyTableText(database: TestDatabase): Promise<string> {
  const tables = await query<{ table_name: string }>(
    database,
    `select table_name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'audit_log'`,
  );
  let all = '';
  for (const { table_name } of tables) {
    const [row] = await query<{ t: string | null }>(
      database,
      `select string_agg(row_to_json(x)::text, ' ') as t from "${table_name}" x`,
    );
    all += ` ${row?.t ?? ''}`;
  }
  return all;
}

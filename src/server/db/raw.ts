import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Rows of a raw query. Both drivers answer with `rows`; the generic database type cannot say so. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A timestamp from a raw query as ISO text: one driver gives a Date, the other text. */
export function iso(value: unknown): string {
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

/** An ILIKE pattern matching `text` literally anywhere. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Whether `error` (or what it wraps) is PostgreSQL's unique violation of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const c = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (
      c.code === '23505' &&
      (c.constraint === constraint || String(c.message).includes(constraint))
    )
      return true;
  }
  return false;
}

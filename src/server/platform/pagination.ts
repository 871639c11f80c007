import { sql, type SQL } from 'drizzle-orm';
import { AppError } from './errors';

/** One page of a list and the cursor of the next, null on the last page. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * A page from rows read with `limit + 1`: the extra row only says there is a next page, whose
 * cursor is the last kept item's.
 */
export function pageOf<T>(rows: T[], limit: number, cursorOf: (last: T) => string): Page<T> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? cursorOf(last) : null };
}

/** Opaque cursor over (a time, an id) for newest-first lists. */
export function encodeCursor(at: string, id: number | string): string {
  return Buffer.from(`${at}|${id}`).toString('base64url');
}

const ID_PATTERNS = { int: /^\d{1,10}$/, uuid: /^[0-9a-f-]{36}$/ } as const;
type IdKind = keyof typeof ID_PATTERNS;

/** The cursor's time and id; none without a cursor; a 400 for one this server did not write. */
function decodeCursor(
  cursor: string | undefined,
  idKind: IdKind,
): { at: string; id: string } | null {
  if (cursor === undefined) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !id || Number.isNaN(Date.parse(at)) || !ID_PATTERNS[idKind].test(id)) {
    throw new AppError('bad_request', 'Invalid cursor');
  }
  return { at, id };
}

/**
 * The rows after the cursor in a list ordered by (`at` desc, `id` desc); undefined without a
 * cursor.
 */
export function olderThanCursor(
  cursor: string | undefined,
  columns: { at: SQL; id: SQL; idKind: IdKind },
): SQL | undefined {
  const decoded = decodeCursor(cursor, columns.idKind);
  if (!decoded) return undefined;
  const id = columns.idKind === 'uuid' ? sql`${decoded.id}::uuid` : sql`${Number(decoded.id)}`;
  return sql`(${columns.at}, ${columns.id}) < (${decoded.at}::timestamptz, ${id})`;
}

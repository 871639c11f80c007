import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginAttempts } from '../db/schema';
import { AppError } from './errors';

export const ATTEMPT_WINDOW_MS = 15 * 60 * 1000;
export type AttemptScope =
  'account' | 'address' | 'admin-setup' | 'demo-write' | 'second-factor' | 'reset-link';

/**
 * Failures allowed per window. An address gets more than an account: many Nigerian mobile
 * users share one address behind carrier NAT, and one person's typos must not lock out the rest.
 */
export const MAX_FAILED_ATTEMPTS: Record<AttemptScope, number> = {
  account: 5,
  address: 20,
  'admin-setup': 5,
  // A second factor's codes, per account: as a password (a code is 1 in a million per guess).
  'second-factor': 5,
  // Wrong reset-link tokens, per address.
  'reset-link': 10,
  // Every public demo write counts, not only failures (demo mode's /api/test/* calls).
  'demo-write': 60,
};

/**
 * Failure counters kept in the database, so the limit holds across instances and restarts.
 * Throws 429 once a key's `MAX_FAILED_ATTEMPTS` failures happened in the window.
 */
export async function assertNotLimited(
  db: Db,
  keys: { scope: AttemptScope; key: string }[],
  message: string,
): Promise<void> {
  const since = new Date(Date.now() - ATTEMPT_WINDOW_MS);
  for (const { scope, key } of keys) {
    const [row] = await db
      .select({ n: count() })
      .from(loginAttempts)
      .where(
        and(
          eq(loginAttempts.scope, scope),
          eq(loginAttempts.key, key),
          gt(loginAttempts.createdAt, since),
        ),
      );
    if ((row?.n ?? 0) >= MAX_FAILED_ATTEMPTS[scope])
      throw new AppError('too_many_requests', message);
  }
}

/** A write that counts whether or not it succeeds: refused (429) once the window is full. */
export async function takeAttempt(
  db: Db,
  keys: { scope: AttemptScope; key: string }[],
  message: string,
): Promise<void> {
  await assertNotLimited(db, keys, message);
  await recordFailure(db, keys);
}

export async function recordFailure(
  db: Db,
  keys: { scope: AttemptScope; key: string }[],
): Promise<void> {
  await db.insert(loginAttempts).values(keys);
  // Old failures never count again: keep the table small.
  await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.createdAt, new Date(Date.now() - ATTEMPT_WINDOW_MS)));
}

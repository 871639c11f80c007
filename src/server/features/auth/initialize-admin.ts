import { createHash, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminInitializeRequestSchema } from '../../../shared/api/auth';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { assertNotLimited, recordFailure } from '../../platform/attempts';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import { adminExists } from './admin-setup-available';

/** Names the advisory lock that makes the one-time setup happen once, even when raced. */
const ADMIN_SETUP_LOCK_KEY = 7_418_290_114;

const ALREADY = 'An admin already exists. Admin setup can only run once.';

function sameSecret(given: string, expected: string): boolean {
  // Hash first so the comparison takes the same time whatever the lengths.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * The one-time admin setup: the signed-in Google user whose email matches becomes an admin
 * (and an agent). Refused when no secret is configured, after the first admin exists (409),
 * and for a while after five wrong secrets from one address.
 */
export async function initializeAdmin(
  options: z.output<typeof adminInitializeRequestSchema> & {
    db: Db;
    caller: SessionUser;
    configuredSecret: string | undefined;
    address: string;
  },
): Promise<SessionUser> {
  const { db, caller, configuredSecret } = options;
  if (!configuredSecret) {
    throw new AppError('forbidden', 'Admin setup is disabled: ADMIN_SETUP_SECRET is not set.');
  }
  if (await adminExists(db)) throw new AppError('conflict', ALREADY);
  const keys = [{ scope: 'admin-setup' as const, key: options.address }];
  await assertNotLimited(
    db,
    keys,
    'Too many failed attempts. Please wait 15 minutes and try again.',
  );
  if (!sameSecret(options.secret, configuredSecret)) {
    await recordFailure(db, keys);
    throw new AppError('forbidden', 'Invalid setup secret');
  }
  if (!caller.oidcSubject) {
    throw new AppError('forbidden', 'Sign in with Google first, then run the admin setup.');
  }
  if (!caller.email || caller.email.toLowerCase() !== options.email.trim().toLowerCase()) {
    throw new AppError('bad_request', 'The email must be the one you signed in with Google.');
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_SETUP_LOCK_KEY})`);
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.isAdmin, true))
      .limit(1);
    if (existing) throw new AppError('conflict', ALREADY);
    const [updated] = await tx
      .update(users)
      .set({ isAdmin: true, isAgent: true, updatedAt: sql`now()` })
      .where(eq(users.id, caller.id))
      .returning();
    await writeAudit(tx, {
      actorId: caller.id,
      action: 'admin.initialize',
      entityType: 'user',
      entityId: caller.id,
      before: { isAdmin: caller.isAdmin, isAgent: caller.isAgent },
      after: { isAdmin: true, isAgent: true },
    });
    return updated!;
  });
}

import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../platform/errors';

export const LAST_ADMIN = 'The last active admin cannot be removed or deactivated.';

/**
 * Refuses a change that would leave no active admin but `userId`'s own admin role gone. The
 * other active admins' rows are locked (FOR UPDATE) until the transaction ends, so two admins
 * removing each other at once cannot both pass: the second waits and then counts again.
 */
export async function assertAnotherActiveAdmin(tx: Db, userId: string): Promise<void> {
  const others = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.isActive, true), ne(users.id, userId)))
    .for('update');
  if (others.length === 0) throw new AppError('conflict', LAST_ADMIN);
}

import { createHash, randomBytes } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResetLinks, users } from '../../db/schema';
import { assertNotLimited, recordFailure } from '../../platform/attempts';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { destroyUserSessions, type SessionUser } from '../../platform/sessions';
import { isStaff } from '../../platform/sign-in-steps';
import { hashPassword } from './hash-password';

/** How long an admin's reset link works. */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
const INVALID_LINK = 'This reset link is not valid, was used already or has expired.';

function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A staff member sets a new password. The current one is required, except at the first sign-in
 * of an account made with a generated password (it was given a moment ago). Every other session
 * of theirs ends; the hashes returned are those sessions', for `sessionEnded`.
 */
export async function changePassword(options: {
  db: Db;
  user: SessionUser;
  /** The caller's own session, which stays. */
  tokenHash: string;
  currentPassword?: string | undefined;
  newPassword: string;
}): Promise<{ user: SessionUser; ended: string[] }> {
  const { db, user } = options;
  if (!user.mustChangePassword) {
    const keys = [{ scope: 'account' as const, key: (user.email ?? user.id).toLowerCase() }];
    const limited = 'Too many failed attempts. Please wait 15 minutes and try again.';
    await assertNotLimited(db, keys, limited);
    const ok =
      user.passwordHash !== null &&
      options.currentPassword !== undefined &&
      (await verify(user.passwordHash, options.currentPassword));
    if (!ok) {
      await recordFailure(db, keys);
      throw new AppError('bad_request', 'Your current password is not right.');
    }
  }
  const passwordHash = await hashPassword(options.newPassword);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, updatedAt: sql`now()` })
      .where(eq(users.id, user.id))
      .returning();
    const ended = await destroyUserSessions({
      db: tx,
      userId: user.id,
      except: options.tokenHash,
    });
    await writeAudit(tx, {
      actorId: user.id,
      action: 'staff.password-change',
      entityType: 'user',
      entityId: user.id,
      after: { sessionsEnded: ended.length },
    });
    return { user: row!, ended };
  });
}

/**
 * An admin's one-time link for another staff member to set a new password: 60 minutes, one
 * use, shown to the admin once (only its hash is kept). An earlier unused link stops working.
 */
export async function issueResetLink(options: {
  db: Db;
  actor: SessionUser;
  userId: string;
  publicUrl: string;
  now: Date;
}): Promise<{ url: string; expiresAt: Date }> {
  const { db, actor, userId } = options;
  if (userId === actor.id)
    throw new AppError('bad_request', 'Change your own password from your account page.');
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(options.now.getTime() + RESET_LINK_TTL_MS);
  await db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!target || !(target.isAgent || target.isAdmin))
      throw new AppError('not_found', 'Agent not found');
    await tx.delete(passwordResetLinks).where(eq(passwordResetLinks.userId, userId));
    await tx.insert(passwordResetLinks).values({
      tokenHash: hashResetToken(token),
      userId,
      createdBy: actor.id,
      expiresAt,
    });
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'staff.reset-link-issue',
      entityType: 'user',
      entityId: userId,
      after: { expiresAt: expiresAt.toISOString() },
    });
  });
  // In the fragment: browsers never send it, so no server log or Referer carries the token.
  return { url: `${options.publicUrl}/agent/reset-password#${token}`, expiresAt };
}

/**
 * Sets a new password through a reset link, once, within its hour; every session of the member
 * ends. Their second factor stays: the link replaces the password only.
 */
export async function useResetLink(options: {
  db: Db;
  token: string;
  newPassword: string;
  address: string;
  now: Date;
}): Promise<{ user: SessionUser; ended: string[] }> {
  const { db } = options;
  const keys = [{ scope: 'reset-link' as const, key: options.address }];
  await assertNotLimited(db, keys, 'Too many attempts. Please wait 15 minutes and try again.');
  const passwordHash = await hashPassword(options.newPassword);
  const result = await db.transaction(async (tx) => {
    const [link] = await tx
      .update(passwordResetLinks)
      .set({ usedAt: options.now })
      .where(
        and(
          eq(passwordResetLinks.tokenHash, hashResetToken(options.token)),
          isNull(passwordResetLinks.usedAt),
          gt(passwordResetLinks.expiresAt, options.now),
        ),
      )
      .returning();
    if (!link) return null;
    const [row] = await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, updatedAt: sql`now()` })
      .where(eq(users.id, link.userId))
      .returning();
    if (!row || !isStaff(row)) return null;
    const ended = await destroyUserSessions({ db: tx, userId: row.id });
    await writeAudit(tx, {
      actorId: row.id,
      action: 'staff.password-reset',
      entityType: 'user',
      entityId: row.id,
      after: { issuedBy: link.createdBy, sessionsEnded: ended.length },
    });
    return { user: row, ended };
  });
  if (!result) {
    await recordFailure(db, keys);
    throw new AppError('bad_request', INVALID_LINK);
  }
  return result;
}

import { eq } from 'drizzle-orm';
import type { Agent } from '../../../shared/api/agents';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { EventBus } from '../../platform/event-bus';
import { destroyUserSessions, type SessionUser } from '../../platform/sessions';
import { checkSecondFactor, clearSecondFactor } from '../auth';
import { toAgent } from './to-agent';

async function findStaff(db: Db, id: string): Promise<SessionUser> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row || !(row.isAgent || row.isAdmin)) throw new AppError('not_found', 'Agent not found');
  return row;
}

/** Ends every session of a staff member (an admin's "End all sessions"); sockets close too. */
export async function endMemberSessions(options: {
  db: Db;
  actor: SessionUser;
  userId: string;
  bus: EventBus;
}): Promise<number> {
  const { db, actor, userId } = options;
  const ended = await db.transaction(async (tx) => {
    await findStaff(tx, userId);
    const hashes = await destroyUserSessions({ db: tx, userId });
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'staff.sessions-end',
      entityType: 'user',
      entityId: userId,
      after: { sessionsEnded: hashes.length },
    });
    return hashes;
  });
  for (const tokenHash of ended) options.bus.emit('sessionEnded', { tokenHash, userId });
  return ended.length;
}

/**
 * An admin turns off a staff member's second factor (a lost phone): they enrol again at their
 * next sign-in, and every session of theirs ends now. An admin's own needs one of their
 * recovery codes: no admin can drop their own second factor on a password alone.
 */
export async function resetSecondFactor(options: {
  db: Db;
  actor: SessionUser;
  userId: string;
  recoveryCode: string | undefined;
  bus: EventBus;
  now: Date;
}): Promise<Agent> {
  const { db, actor, userId } = options;
  const target = await findStaff(db, userId);
  if (userId === actor.id) {
    if (!options.recoveryCode)
      throw new AppError('bad_request', 'Enter one of your recovery codes to reset your own.');
    await checkSecondFactor({
      db,
      user: target,
      code: options.recoveryCode,
      now: options.now,
      accept: 'recovery',
    });
  }
  const { user, ended } = await db.transaction(async (tx) => {
    const row = await clearSecondFactor(tx, userId);
    const hashes = await destroyUserSessions({ db: tx, userId });
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'staff.2fa-reset',
      entityType: 'user',
      entityId: userId,
      before: { twoFactorEnabled: target.totpEnabledAt !== null },
      after: { twoFactorEnabled: false, sessionsEnded: hashes.length },
    });
    return { user: row, ended: hashes };
  });
  for (const tokenHash of ended) options.bus.emit('sessionEnded', { tokenHash, userId });
  options.bus.emit('userChanged', user);
  return toAgent(user);
}

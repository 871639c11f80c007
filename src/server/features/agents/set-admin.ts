import { eq, sql } from 'drizzle-orm';
import type { Agent } from '../../../shared/api/agents';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { EventBus } from '../../platform/event-bus';
import type { SessionUser } from '../../platform/sessions';
import { assertAnotherActiveAdmin } from './last-admin';
import { toAgent } from './to-agent';

/**
 * Makes a staff member an admin or removes it (they stay an agent). The last active admin
 * keeps it. Their open screens and sockets follow at once (`userChanged`).
 */
export async function setAdmin(options: {
  db: Db;
  actor: SessionUser;
  userId: string;
  isAdmin: boolean;
  bus: EventBus;
}): Promise<Agent> {
  const { db, actor, userId, isAdmin } = options;
  const updated = await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user || !(user.isAgent || user.isAdmin))
      throw new AppError('not_found', 'Agent not found');
    if (isAdmin && !user.isActive)
      throw new AppError('bad_request', 'Activate this agent before making them an admin.');
    if (!isAdmin && user.isAdmin) await assertAnotherActiveAdmin(tx, userId);
    const [row] = await tx
      .update(users)
      .set({ isAdmin, isAgent: true, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning();
    if (user.isAdmin !== isAdmin) {
      await writeAudit(tx, {
        actorId: actor.id,
        action: isAdmin ? 'user.make-admin' : 'user.remove-admin',
        entityType: 'user',
        entityId: userId,
        before: { isAdmin: user.isAdmin },
        after: { isAdmin },
      });
    }
    return row!;
  });
  options.bus.emit('userChanged', updated);
  return toAgent(updated);
}

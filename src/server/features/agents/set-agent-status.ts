import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { agentStatusRequestSchema } from '../../../shared/api/agents';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { EventBus } from '../../platform/event-bus';
import type { SessionUser } from '../../platform/sessions';

/**
 * The admin's Make Agent / Remove Agent. Admins stay agents. The user's open sockets see, from
 * then on, what the new role may see.
 */
export async function setAgentStatus(
  options: z.output<typeof agentStatusRequestSchema> & {
    db: Db;
    actor: SessionUser;
    userId: string;
    bus: EventBus;
  },
): Promise<SessionUser> {
  const { db, actor, userId, isAgent } = options;
  const updated = await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw new AppError('not_found', 'User not found');
    if (user.isAdmin && !isAgent) throw new AppError('bad_request', 'Admins are always agents.');
    const [row] = await tx
      .update(users)
      .set({ isAgent, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning();
    await writeAudit(tx, {
      actorId: actor.id,
      action: isAgent ? 'user.make-agent' : 'user.remove-agent',
      entityType: 'user',
      entityId: userId,
      before: { isAgent: user.isAgent },
      after: { isAgent },
    });
    return row!;
  });
  options.bus.emit('userChanged', updated);
  return updated;
}

import { eq, sql } from 'drizzle-orm';
import type { Agent } from '../../../shared/api/agents';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { EventBus } from '../../platform/event-bus';
import { destroyUserSessions, type SessionUser } from '../../platform/sessions';
import { assertAnotherActiveAdmin } from './last-admin';
import { toAgent } from './to-agent';

async function findAgent(db: Db, id: string): Promise<SessionUser> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row || !(row.isAgent || row.isAdmin)) throw new AppError('not_found', 'Agent not found');
  return row;
}

/**
 * Activates or deactivates an agent. Deactivation ends every session of theirs at once, so an
 * open browser stops working on its next request.
 */
export async function setAgentActive(options: {
  db: Db;
  actor: SessionUser;
  agentId: string;
  active: boolean;
  /** Told of the change once stored: a deactivated agent's sockets close at once. */
  bus: EventBus;
}): Promise<Agent> {
  const { db, actor, agentId, active } = options;
  if (!active && agentId === actor.id) {
    throw new AppError('bad_request', 'You cannot deactivate your own account.');
  }
  const updated = await db.transaction(async (tx) => {
    const agent = await findAgent(tx, agentId);
    if (!active && agent.isAdmin) await assertAnotherActiveAdmin(tx, agentId);
    const [row] = await tx
      .update(users)
      .set({ isActive: active, updatedAt: sql`now()` })
      .where(eq(users.id, agentId))
      .returning();
    if (!active) await destroyUserSessions({ db: tx, userId: agentId });
    await writeAudit(tx, {
      actorId: actor.id,
      action: active ? 'agent.activate' : 'agent.deactivate',
      entityType: 'user',
      entityId: agentId,
      before: { isActive: agent.isActive },
      after: { isActive: active },
    });
    return row!;
  });
  options.bus.emit('userChanged', updated);
  return toAgent(updated);
}

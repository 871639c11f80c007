import { asc, eq, or, sql } from 'drizzle-orm';
import type { Agent } from '../../../shared/api/agents';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { EventBus } from '../../platform/event-bus';
import { destroyUserSessions, type SessionUser } from '../../platform/sessions';

export function toAgent(row: SessionUser): Agent {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    agentType: row.agentType,
    isActive: row.isActive,
    isAdmin: row.isAdmin,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listAgents({ db }: { db: Db }): Promise<Agent[]> {
  const rows = await db
    .select()
    .from(users)
    .where(or(eq(users.isAgent, true), eq(users.isAdmin, true)))
    .orderBy(asc(users.createdAt), asc(users.id));
  return rows.map(toAgent);
}

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

/**
 * The admin's Make Agent / Remove Agent. Admins stay agents. The user's open sockets see, from
 * then on, what the new role may see.
 */
export async function setAgentStatus(options: {
  db: Db;
  actor: SessionUser;
  userId: string;
  isAgent: boolean;
  bus: EventBus;
}): Promise<SessionUser> {
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

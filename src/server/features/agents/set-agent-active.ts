import { eq, sql } from 'drizzle-orm';
import type { Agent } from '../../../shared/api/agents';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { EventBus } from '../../platform/event-bus';
import type { EventLog } from '../../platform/realtime/events';
import { destroyUserSessions, type SessionUser } from '../../platform/sessions';
import { setAvailabilityIn } from '../availability';
import { lockAssignment, releaseAgentChats } from '../chat-sessions';
import { assertAnotherActiveAdmin } from './last-admin';
import { toAgent } from './to-agent';

async function findAgent(db: Db, id: string): Promise<SessionUser> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row || !(row.isAgent || row.isAdmin)) throw new AppError('not_found', 'Agent not found');
  return row;
}

/**
 * Activates or deactivates an agent. Deactivation ends every session of theirs at once, so an
 * open browser stops working on its next request; sets them Offline; and hands their open chats
 * back to assignment at once (each customer sees who has their chat now).
 */
export async function setAgentActive(options: {
  events: EventLog;
  actor: SessionUser;
  agentId: string;
  active: boolean;
  /** Told of the change once stored: a deactivated agent's sockets close at once. */
  bus: EventBus;
  /** MAX_OPEN_CHATS_PER_AGENT: round-robin hands the released chats out within it. */
  cap: number;
  now: Date;
}): Promise<Agent> {
  const { events, actor, agentId, active, cap, now } = options;
  if (!active && agentId === actor.id) {
    throw new AppError('bad_request', 'You cannot deactivate your own account.');
  }
  const updated = await events.transaction(async (tx) => {
    // Releasing chats assigns them: the assignment lock first, as everywhere (ADR 018).
    if (!active) await lockAssignment(tx);
    const agent = await findAgent(tx, agentId);
    if (!active && agent.isAdmin) await assertAnotherActiveAdmin(tx, agentId);
    const [row] = await tx
      .update(users)
      .set({ isActive: active, updatedAt: sql`now()` })
      .where(eq(users.id, agentId))
      .returning();
    if (!active) {
      await destroyUserSessions({ db: tx, userId: agentId });
      await setAvailabilityIn(tx, {
        events,
        agentId,
        state: 'offline',
        cap,
        now,
        onlyFrom: ['online', 'break'],
      });
      await releaseAgentChats({ tx, events, agentId, actorId: actor.id, cap, now });
    }
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

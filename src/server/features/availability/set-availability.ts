import { sql } from 'drizzle-orm';
import type { AgentAvailability, AvailabilityState } from '../../../shared/api/availability';
import type { Db } from '../../db/client';
import { iso, rows } from '../../db/raw';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { EventLog } from '../../platform/realtime/events';
import { assignWaitingChats, lockAssignment } from '../chat-sessions';

/**
 * Sets an agent's availability in the caller's transaction (ADR 018). A change starts a new row
 * of agent_availability_changes and tells staff; going Online hands the agent waiting chats.
 * `onlyFrom` makes it conditional: the change happens only from one of those states (a socket
 * connecting brings an Offline agent Online, never one on Break). Returns the availability.
 */
export async function setAvailabilityIn(
  tx: Db,
  options: {
    events: EventLog;
    agentId: string;
    state: AvailabilityState;
    cap: number;
    now: Date;
    onlyFrom?: readonly AvailabilityState[];
  },
): Promise<AgentAvailability> {
  const { events, agentId, state, now } = options;
  const at = now.toISOString();
  // Going Online may assign chats: the assignment lock comes first, as everywhere (no deadlock).
  if (state === 'online') await lockAssignment(tx);
  await tx.execute(
    sql`insert into agent_availability (agent_id, state, since, last_seen_at)
        values (${agentId}::uuid, 'offline', ${at}::timestamptz, ${at}::timestamptz)
        on conflict (agent_id) do nothing`,
  );
  const [current] = await rows<{ state: AvailabilityState; since: unknown }>(
    tx,
    sql`select state, since from agent_availability where agent_id = ${agentId}::uuid for update`,
  );
  const from = current!.state;
  const allowed = !options.onlyFrom || options.onlyFrom.includes(from);
  if (from === state || !allowed) {
    await tx.execute(
      sql`update agent_availability set last_seen_at = greatest(last_seen_at, ${at}::timestamptz)
          where agent_id = ${agentId}::uuid`,
    );
    return { agentId, state: from, since: iso(current!.since) };
  }
  await tx.execute(
    sql`update agent_availability
        set state = ${state}, since = ${at}::timestamptz,
            last_seen_at = greatest(last_seen_at, ${at}::timestamptz)
        where agent_id = ${agentId}::uuid`,
  );
  await tx.execute(
    sql`insert into agent_availability_changes (agent_id, state, started_at)
        values (${agentId}::uuid, ${state}, ${at}::timestamptz)`,
  );
  const availability: AgentAvailability = { agentId, state, since: at };
  await events.append(tx, { type: 'agent.availability', availability }, { customerId: null });
  if (state === 'online') await assignWaitingChats({ tx, events, cap: options.cap, now });
  return availability;
}

/** PUT /api/availability/me: an agent sets their own availability. */
export function setAvailability(options: {
  events: EventLog;
  agentId: string;
  state: AvailabilityState;
  cap: number;
  now: Date;
}): Promise<AgentAvailability> {
  return options.events.transaction((tx) => setAvailabilityIn(tx, options));
}

/**
 * PUT /api/availability/agents/:id: an admin sets an agent's availability (ends a Break left
 * on, takes someone Offline). Audited with the state before and after.
 */
export function setAgentAvailability(options: {
  events: EventLog;
  actorId: string;
  agentId: string;
  state: AvailabilityState;
  cap: number;
  now: Date;
}): Promise<AgentAvailability> {
  const { actorId, agentId, state } = options;
  return options.events.transaction(async (tx) => {
    const [agent] = await rows<{ state: AvailabilityState | null }>(
      tx,
      sql`select a.state from users u left join agent_availability a on a.agent_id = u.id
          where u.id = ${agentId}::uuid and u.is_active and (u.is_agent or u.is_admin)`,
    );
    if (!agent) throw new AppError('not_found', 'Agent not found');
    const availability = await setAvailabilityIn(tx, options);
    await writeAudit(tx, {
      actorId,
      action: 'agent.availability',
      entityType: 'user',
      entityId: agentId,
      before: { state: agent.state ?? 'offline' },
      after: { state },
    });
    return availability;
  });
}

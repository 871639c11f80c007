import { sql } from 'drizzle-orm';
import type { ChatLifecycleAction } from '../../../shared/api/chat-sessions';
import { notDemoCustomer } from '../../db/demo-customer';
import type { ChatCategory } from '../../../shared/domain';
import type { Db } from '../../db/client';
import { rows } from '../../db/raw';
import { writeAudit } from '../../platform/audit';
import type { EventLog } from '../../platform/realtime/events';
import { loadSession } from './load-session';

/**
 * The advisory lock every assignment runs under ("ACas"), in the transaction that assigns:
 * across instances on one PostgreSQL, one transaction at a time counts an agent's chats and
 * gives them one, so no two can both see room for the tenth chat (ADR 018).
 */
export const ASSIGNMENT_LOCK_KEY = 0x41_43_61_73;

/** Takes the assignment lock until the transaction ends. */
export async function lockAssignment(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ASSIGNMENT_LOCK_KEY})`);
}

/** The agent types that serve a chat's desk: bitcoin or usdt agents their coin, general all. */
function agentTypesFor(category: ChatCategory): string[] {
  return category === 'bitcoin' || category === 'usdt' ? [category, 'general'] : ['general'];
}

/**
 * The Online agent of the desk holding the fewest unresolved chats, and fewer than `cap`:
 * least-loaded first, and among equals the one given a chat longest ago (never first), so
 * ties still go round-robin. Admins are left out (they supervise and take chats by hand); an
 * agent with no type is a general agent. Call it under the assignment lock.
 */
export async function nextAgentFor(
  tx: Db,
  category: ChatCategory,
  cap: number,
): Promise<string | null> {
  const types = sql.join(
    agentTypesFor(category).map((t) => sql`${t}`),
    sql`, `,
  );
  const [agent] = await rows<{ agent_id: string }>(
    tx,
    sql`select a.agent_id
        from agent_availability a
        join users u on u.id = a.agent_id
        cross join lateral (
          select count(*) as held from chat_sessions s
          where s.status = 'active' and s.agent_id = a.agent_id
        ) load
        where a.state = 'online'
          and u.is_agent and u.is_active and not u.is_admin
          and coalesce(u.agent_type::text, 'general') in (${types})
          and load.held < ${cap}
        order by load.held asc, a.last_assigned_at asc nulls first, a.agent_id
        limit 1`,
  );
  return agent?.agent_id ?? null;
}

export interface GiveChat {
  chatSessionId: number;
  agentId: string;
  action: ChatLifecycleAction;
  /** Who acted; null when the server did (round-robin). */
  actorId: string | null;
  fromAgentId: string | null;
  note?: string | null;
  now: Date;
}

/**
 * Gives the chat to the agent: assigned (active) from `now`, resolved no more; an audit entry,
 * the session to both sides and the change to staff.
 */
export async function giveChat(tx: Db, events: EventLog, change: GiveChat): Promise<void> {
  const at = change.now.toISOString();
  await tx.execute(
    sql`update chat_sessions
        set agent_id = ${change.agentId}::uuid, status = 'active',
            assigned_at = ${at}::timestamptz, resolved_at = null,
            updated_at = greatest(updated_at, ${at}::timestamptz)
        where id = ${change.chatSessionId}`,
  );
  await recordChange(tx, events, {
    chatSessionId: change.chatSessionId,
    action: change.action,
    actorId: change.actorId,
    fromAgentId: change.fromAgentId,
    toAgentId: change.agentId,
    note: change.note ?? null,
    now: change.now,
  });
}

/** The audit entry and the two events every lifecycle change writes, in its transaction. */
export async function recordChange(
  tx: Db,
  events: EventLog,
  change: {
    chatSessionId: number;
    action: ChatLifecycleAction;
    actorId: string | null;
    fromAgentId: string | null;
    toAgentId: string | null;
    note: string | null;
    now: Date;
  },
): Promise<void> {
  const session = await loadSession({ db: tx, id: change.chatSessionId });
  await writeAudit(tx, {
    actorId: change.actorId,
    action: `chat.${change.action}`,
    entityType: 'chat_session',
    entityId: String(change.chatSessionId),
    before: { agentId: change.fromAgentId },
    after: {
      agentId: session.agentId,
      status: session.status,
      ...(change.note ? { note: change.note } : {}),
    },
  });
  await events.append(
    tx,
    { type: 'session.updated', chatSessionId: session.id, session },
    { customerId: session.customerId },
  );
  // The note and who moved the chat are for staff alone.
  await events.append(
    tx,
    {
      type: 'session.lifecycle',
      chatSessionId: session.id,
      change: {
        action: change.action,
        actorId: change.actorId,
        fromAgentId: change.fromAgentId,
        toAgentId: change.toAgentId,
        note: change.note,
        at: change.now.toISOString(),
      },
    },
    { customerId: null },
  );
}

/**
 * Hands waiting (unassigned) chats, oldest first, to Online agents with room, round-robin,
 * until no waiting chat has an eligible agent. Runs after a chat arrives or reopens, an agent
 * comes Online, or a chat is resolved or transferred (room freed). Takes the assignment lock.
 * Returns how many chats it assigned.
 */
export async function assignWaitingChats(options: {
  tx: Db;
  events: EventLog;
  cap: number;
  now: Date;
  /** Only chats of these categories (a new chat's); default every category. */
  categories?: readonly ChatCategory[];
}): Promise<number> {
  const { tx, events, cap, now } = options;
  await lockAssignment(tx);
  const categories =
    options.categories ??
    (
      await rows<{ category: ChatCategory }>(
        tx,
        // One probe per category on the waiting index (a loose index scan), not a scan.
        sql`with recursive c as (
              (select category from chat_sessions where status = 'open'
               order by category limit 1)
              union all
              select (select s.category from chat_sessions s
                      where s.status = 'open' and s.category > c.category
                      order by s.category limit 1)
              from c where c.category is not null
            )
            select category from c where category is not null`,
      )
    ).map((r) => r.category);
  let assigned = 0;
  for (const category of categories) {
    for (;;) {
      const agentId = await nextAgentFor(tx, category, cap);
      if (!agentId) break;
      const [chat] = await rows<{ id: number }>(
        tx,
        sql`select id from chat_sessions
            where status = 'open' and category = ${category}
              and ${notDemoCustomer(sql`customer_id`)}
            order by created_at, id
            limit 1
            for update`,
      );
      if (!chat) break;
      await giveChat(tx, events, {
        chatSessionId: chat.id,
        agentId,
        action: 'auto_assigned',
        actorId: null,
        fromAgentId: null,
        now,
      });
      await tx.execute(
        sql`update agent_availability set last_assigned_at = clock_timestamp()
            where agent_id = ${agentId}::uuid`,
      );
      assigned++;
    }
  }
  return assigned;
}

/**
 * Takes every unresolved chat from an agent who can no longer hold them (deactivated): each
 * waits Unassigned again (audited as `chat.released`, the customer told), and round-robin hands
 * them out at once to Online agents with room. Call it in a transaction that has not locked a
 * chat row yet; it takes the assignment lock. Returns how many chats were released.
 */
export async function releaseAgentChats(options: {
  tx: Db;
  events: EventLog;
  agentId: string;
  actorId: string;
  cap: number;
  now: Date;
}): Promise<number> {
  const { tx, events, agentId, cap, now } = options;
  await lockAssignment(tx);
  const held = await rows<{ id: number }>(
    tx,
    sql`update chat_sessions
        set status = 'open', agent_id = null, assigned_at = null,
            updated_at = greatest(updated_at, ${now.toISOString()}::timestamptz)
        where status = 'active' and agent_id = ${agentId}::uuid
        returning id`,
  );
  for (const chat of held) {
    await recordChange(tx, events, {
      chatSessionId: chat.id,
      action: 'released',
      actorId: options.actorId,
      fromAgentId: agentId,
      toAgentId: null,
      note: null,
      now,
    });
  }
  if (held.length > 0) await assignWaitingChats({ tx, events, cap, now });
  return held.length;
}

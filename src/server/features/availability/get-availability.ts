import { sql } from 'drizzle-orm';
import type { AgentAvailability, AgentRosterEntry } from '../../../shared/api/availability';
import type { Db } from '../../db/client';
import { iso, rows } from '../../db/raw';

/** The agent's availability; an agent with no row yet is Offline since they joined. */
export async function getAvailability(options: {
  db: Db;
  agentId: string;
}): Promise<AgentAvailability> {
  const [row] = await rows<{ state: AgentAvailability['state']; since: unknown }>(
    options.db,
    sql`select coalesce(a.state, 'offline') as state, coalesce(a.since, u.created_at) as since
        from users u left join agent_availability a on a.agent_id = u.id
        where u.id = ${options.agentId}::uuid`,
  );
  return { agentId: options.agentId, state: row?.state ?? 'offline', since: iso(row?.since) };
}

/** Every active agent and admin with their availability and unresolved chats (the transfer picker). */
export async function listAgentRoster(options: { db: Db }): Promise<AgentRosterEntry[]> {
  const found = await rows<{
    id: string;
    first_name: string | null;
    last_name: string | null;
    agent_type: AgentRosterEntry['agentType'];
    is_admin: boolean;
    state: AgentRosterEntry['state'] | null;
    since: unknown;
    open_chats: string | number;
  }>(
    options.db,
    sql`select u.id, u.first_name, u.last_name, u.agent_type, u.is_admin, a.state, a.since,
               (select count(*) from chat_sessions s
                where s.status = 'active' and s.agent_id = u.id) as open_chats
        from users u left join agent_availability a on a.agent_id = u.id
        where u.is_active and (u.is_agent or u.is_admin)
        order by u.first_name nulls last, u.last_name nulls last, u.id`,
  );
  return found.map((r) => ({
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    agentType: r.agent_type,
    isAdmin: r.is_admin,
    state: r.state ?? 'offline',
    since: r.since === null || r.since === undefined ? null : iso(r.since),
    openChats: Number(r.open_chats),
  }));
}

import { asc, eq, or } from 'drizzle-orm';
import type { Agent } from '../../../shared/api/agents';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { toAgent } from './to-agent';

/** Every agent and admin, active or not, oldest first. */
export async function listAgents({ db }: { db: Db }): Promise<Agent[]> {
  const rows = await db
    .select()
    .from(users)
    .where(or(eq(users.isAgent, true), eq(users.isAdmin, true)))
    .orderBy(asc(users.createdAt), asc(users.id));
  return rows.map(toAgent);
}

import { index, pgTable, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { bigIdentityId, requiredUserRef, timestamptz } from './columns';
import { agentAvailabilityStateEnum } from './enums';
import { users } from './users';

/**
 * Each agent's availability now (ADR 018). A row appears the first time an agent connects or
 * sets it; no row reads as Offline.
 */
export const agentAvailability = pgTable(
  'agent_availability',
  {
    agentId: uuid('agent_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: agentAvailabilityStateEnum('state').notNull().default('offline'),
    /** When the current state began. */
    since: timestamptz('since').notNull().defaultNow(),
    /**
     * The last time the agent's last socket on an instance closed (or they set a state): 2
     * minutes after it, with no `socket_presence` row of theirs refreshed since, they go Offline.
     */
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    /** The last time a chat was handed to the agent by round-robin; null first in the queue. */
    lastAssignedAt: timestamptz('last_assigned_at'),
  },
  (t) => [
    index('agent_availability_online_idx')
      .on(t.lastAssignedAt)
      .where(sql`${t.state} = 'online'`),
    index('agent_availability_seen_idx')
      .on(t.lastSeenAt)
      .where(sql`${t.state} <> 'offline'`),
  ],
);

/**
 * Every change of an agent's availability, append-only: a state holds from `started_at` until
 * the agent's next row (time on Break is summed from here).
 */
export const agentAvailabilityChanges = pgTable(
  'agent_availability_changes',
  {
    id: bigIdentityId(),
    agentId: requiredUserRef('agent_id'),
    state: agentAvailabilityStateEnum('state').notNull(),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
  },
  (t) => [index('agent_availability_changes_agent_idx').on(t.agentId, t.startedAt)],
);

import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { users } from './users';

/**
 * Who has a realtime socket open, and on which instance (platform/realtime/presence.ts): one row
 * per user per instance while that instance holds at least one of their sockets. Every instance
 * reads the same table, so "has a tab open" holds across instances: features/push sends no push
 * then, features/availability keeps an agent Online (ADR 017, 018; the only table of open
 * sockets). An instance refreshes `seen_at` on its rows now and then; rows of an instance that
 * died without cleaning up stop counting once `seen_at` is older than the presence timeout.
 */
export const socketPresence = pgTable(
  'socket_presence',
  {
    /** A random id the instance takes at start. */
    instanceId: text('instance_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seenAt: timestamptz('seen_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.instanceId], name: 'socket_presence_pk' }),
    index('socket_presence_instance_idx').on(t.instanceId),
  ],
);

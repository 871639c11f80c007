import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { deskNetworkEnum } from './enums';
import { users } from './users';

/** The desk's own deposit addresses, per network. Never deleted once used: deactivated instead. */
export const deskAddresses = pgTable(
  'desk_addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    network: deskNetworkEnum('network').notNull(),
    address: text('address').notNull(),
    label: text('label').notNull(),
    active: boolean('active').notNull().default(true),
    timesUsed: integer('times_used').notNull().default(0),
    /** The network's pick counter when this address was last handed out; null: never. */
    lastPick: bigint('last_pick', { mode: 'number' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('desk_addresses_network_address_uq').on(t.network, t.address),
    index('desk_addresses_pick_idx').on(t.network, t.active, t.lastPick),
  ],
);

/**
 * One row per network, counting the picks. Taking its row lock serializes concurrent picks of a
 * network, so two orders at once never read the same "least recently used" address.
 */
export const deskAddressCursors = pgTable('desk_address_cursors', {
  network: deskNetworkEnum('network').primaryKey(),
  picks: bigint('picks', { mode: 'number' }).notNull().default(0),
});

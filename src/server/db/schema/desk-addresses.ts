import { bigint, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { identityId, createdAt, updatedAt, userRef, timestamptz } from './columns';
import { deskNetworkEnum } from './enums';

/** The desk's own deposit addresses, per network. Never deleted once used: deactivated instead. */
export const deskAddresses = pgTable(
  'desk_addresses',
  {
    id: identityId(),
    network: deskNetworkEnum('network').notNull(),
    address: text('address').notNull(),
    label: text('label').notNull(),
    active: boolean('active').notNull().default(true),
    timesUsed: integer('times_used').notNull().default(0),
    /** The network's pick counter when this address was last handed out; null: never. */
    lastPick: bigint('last_pick', { mode: 'number' }),
    lastUsedAt: timestamptz('last_used_at'),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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

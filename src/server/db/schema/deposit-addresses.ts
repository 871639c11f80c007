import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { identityId, createdAt, updatedAt, userRef, timestamptz } from './columns';
import { depositNetworkEnum } from './enums';

/** The desk's own deposit addresses, per network. Never deleted once used: deactivated instead. */
export const depositAddresses = pgTable(
  'desk_addresses',
  {
    id: identityId(),
    network: depositNetworkEnum('network').notNull(),
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
export const depositAddressCursors = pgTable('desk_address_cursors', {
  network: depositNetworkEnum('network').primaryKey(),
  picks: bigint('picks', { mode: 'number' }).notNull().default(0),
});

/**
 * An account-level extended public key per network (decision 030): each order takes the next
 * index of its external chain and its own address `0/index`. Watch-only: no private key is ever
 * here. One active key per network; a new one takes over, the old one's orders keep theirs.
 */
export const depositExtendedKeys = pgTable(
  'desk_extended_keys',
  {
    id: identityId(),
    network: depositNetworkEnum('network').notNull(),
    /** As the admin gave it: xpub, ypub or zpub (BTC), the xpub of m/44'/195'/0' (TRON). */
    extendedPublicKey: text('extended_public_key').notNull(),
    label: text('label').notNull(),
    active: boolean('active').notNull().default(true),
    /**
     * The next order's index. Taken with `update … set next_index = next_index + 1` in the
     * order's transaction: one index per order, never two orders, and no gaps from rolled-back
     * orders (a sequence's skipped values would count against the wallets' gap limit).
     */
    nextIndex: integer('next_index').notNull().default(0),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('desk_extended_keys_key_uq').on(t.network, t.extendedPublicKey),
    uniqueIndex('desk_extended_keys_active_uq')
      .on(t.network)
      .where(sql`${t.active}`),
  ],
);

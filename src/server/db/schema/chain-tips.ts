import { integer, pgTable } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { depositNetworkEnum } from './enums';

/**
 * The latest block each network's reader saw (decision 030), written by the deposit watcher on
 * each pass: a new order records it as the chain's tip when it was made, with no chain request
 * on the order's own path.
 */
export const chainTips = pgTable('chain_tips', {
  network: depositNetworkEnum('network').primaryKey(),
  height: integer('height').notNull(),
  /** The block's time when the chain gives it (TRON); null for BTC's height alone. */
  blockTime: timestamptz('block_time'),
  readAt: timestamptz('read_at').notNull(),
});

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  createdAt,
  decimal8,
  identityId,
  idempotency,
  naira,
  requiredUserRef,
  timestamptz,
  updatedAt,
  userRef,
} from './columns';
import { tradeRow } from './trade-columns';
import {
  rateCurrencyEnum,
  transactionCurrencyEnum,
  transactionKindEnum,
  transactionStatusEnum,
} from './enums';
import { orders } from './orders';

/** Money columns are `numeric`: drizzle hands them over as strings, and decimal.js does the math. */
export const transactions = pgTable(
  'transactions',
  {
    ...tradeRow(),
    agentId: requiredUserRef('agent_id'),
    kind: transactionKindEnum('kind').notNull(),
    currency: transactionCurrencyEnum('currency').notNull(),
    /** Crypto to 8 places (satoshi), dollars to 2. */
    amount: decimal8('amount').notNull(),
    /** Naira per unit of `currency`. */
    rate: decimal8('rate').notNull(),
    /** Naira, amount x rate rounded half-up to 2 places (kobo). */
    total: naira('total').notNull(),
    status: transactionStatusEnum('status').notNull().default('pending'),
    reason: text('reason'),
    /** The admin who approved or rejected a `pending_approval` transaction (never its creator). */
    decidedBy: userRef('decided_by'),
    /** Why that admin rejected it. */
    rejectionReason: text('rejection_reason'),
    /** The order whose completion wrote this trade; an order writes one, ever. */
    orderId: integer('order_id').references(() => orders.id),
    /**
     * A trade an agent recorded by hand before trades came only from orders (issue 29): kept in
     * history, marked, never in volume. No new row can be one (the check below).
     */
    manual: boolean('manual').notNull().default(false),
    ...idempotency(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('transactions_reference_uq').on(t.reference),
    uniqueIndex('transactions_idempotency_uq').on(t.agentId, t.idempotencyKey),
    uniqueIndex('transactions_order_uq').on(t.orderId),
    index('transactions_customer_idx').on(t.customerId, t.createdAt),
    index('transactions_session_idx').on(t.chatSessionId),
    index('transactions_created_idx').on(t.createdAt),
    index('transactions_status_idx').on(t.status),
    // A trade comes from exactly one completed order, or is an old manual one; refunds,
    // charges and adjustments are neither.
    check(
      'transactions_trade_from_order_ck',
      sql`(${t.kind} = 'trade' and (${t.orderId} is null) = ${t.manual}) or (${t.kind} <> 'trade' and ${t.orderId} is null and not ${t.manual})`,
    ),
  ],
);

/** A coin's managed rates: per dollar to 8 places, per coin in naira to 2, and the spread in %. */
const rateColumns = () => ({
  buyRateUsd: decimal8('buy_rate_usd').notNull(),
  sellRateUsd: decimal8('sell_rate_usd').notNull(),
  buyRateNaira: naira('buy_rate_naira').notNull(),
  sellRateNaira: naira('sell_rate_naira').notNull(),
  spreadPercentage: numeric('spread_percentage', { precision: 6, scale: 2 }).notNull(),
});

export const exchangeRates = pgTable('exchange_rates', {
  currency: rateCurrencyEnum('currency').primaryKey(),
  ...rateColumns(),
  updatedBy: userRef('updated_by'),
  lastUpdated: timestamptz('last_updated').notNull().defaultNow(),
});

/** Every saved version of a rate, newest last; the row before a version holds the old values. */
export const exchangeRateHistory = pgTable(
  'exchange_rate_history',
  {
    id: identityId(),
    currency: rateCurrencyEnum('currency').notNull(),
    ...rateColumns(),
    usdToNaira: numeric('usd_to_naira', { precision: 20, scale: 4 }).notNull(),
    changedBy: userRef('changed_by'),
    changedAt: timestamptz('changed_at').notNull().defaultNow(),
  },
  (t) => [index('exchange_rate_history_currency_idx').on(t.currency, t.changedAt)],
);

/** Key-value settings, such as `usd_to_naira`. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedBy: userRef('updated_by'),
  updatedAt: updatedAt(),
});

/** The price feed's good answers, so a restart still shows the last known price. */
export const priceSnapshots = pgTable(
  'price_snapshots',
  {
    id: identityId(),
    symbol: text('symbol').notNull(),
    usd: decimal8('usd').notNull(),
    change24h: numeric('change_24h', { precision: 12, scale: 4 }),
    fetchedAt: timestamptz('fetched_at').notNull(),
  },
  (t) => [index('price_snapshots_symbol_idx').on(t.symbol, t.fetchedAt)],
);

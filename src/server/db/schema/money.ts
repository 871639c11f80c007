import {
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  rateCurrencyEnum,
  transactionCurrencyEnum,
  transactionKindEnum,
  transactionStatusEnum,
} from './enums';
import { chatSessions } from './chat';
import { users } from './users';

/** Money columns are `numeric`: drizzle hands them over as strings, and decimal.js does the math. */
export const transactions = pgTable(
  'transactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reference: text('reference').notNull(),
    chatSessionId: integer('chat_session_id')
      .notNull()
      .references(() => chatSessions.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => users.id),
    kind: transactionKindEnum('kind').notNull(),
    currency: transactionCurrencyEnum('currency').notNull(),
    /** Crypto to 8 places (satoshi), dollars to 2. */
    amount: numeric('amount', { precision: 30, scale: 8 }).notNull(),
    /** Naira per unit of `currency`. */
    rate: numeric('rate', { precision: 30, scale: 8 }).notNull(),
    /** Naira, amount x rate rounded half-up to 2 places (kobo). */
    total: numeric('total', { precision: 30, scale: 2 }).notNull(),
    status: transactionStatusEnum('status').notNull().default('pending'),
    reason: text('reason'),
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the request body that first used the idempotency key. */
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('transactions_reference_uq').on(t.reference),
    uniqueIndex('transactions_idempotency_uq').on(t.agentId, t.idempotencyKey),
    index('transactions_customer_idx').on(t.customerId, t.createdAt),
    index('transactions_session_idx').on(t.chatSessionId),
    index('transactions_created_idx').on(t.createdAt),
    index('transactions_status_idx').on(t.status),
  ],
);

export const exchangeRates = pgTable('exchange_rates', {
  currency: rateCurrencyEnum('currency').primaryKey(),
  buyRateUsd: numeric('buy_rate_usd', { precision: 30, scale: 8 }).notNull(),
  sellRateUsd: numeric('sell_rate_usd', { precision: 30, scale: 8 }).notNull(),
  buyRateNaira: numeric('buy_rate_naira', { precision: 30, scale: 2 }).notNull(),
  sellRateNaira: numeric('sell_rate_naira', { precision: 30, scale: 2 }).notNull(),
  spreadPercentage: numeric('spread_percentage', { precision: 6, scale: 2 }).notNull(),
  updatedBy: uuid('updated_by').references(() => users.id),
  lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull().defaultNow(),
});

/** Every saved version of a rate, newest last; the row before a version holds the old values. */
export const exchangeRateHistory = pgTable(
  'exchange_rate_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    currency: rateCurrencyEnum('currency').notNull(),
    buyRateUsd: numeric('buy_rate_usd', { precision: 30, scale: 8 }).notNull(),
    sellRateUsd: numeric('sell_rate_usd', { precision: 30, scale: 8 }).notNull(),
    buyRateNaira: numeric('buy_rate_naira', { precision: 30, scale: 2 }).notNull(),
    sellRateNaira: numeric('sell_rate_naira', { precision: 30, scale: 2 }).notNull(),
    spreadPercentage: numeric('spread_percentage', { precision: 6, scale: 2 }).notNull(),
    usdToNaira: numeric('usd_to_naira', { precision: 20, scale: 4 }).notNull(),
    changedBy: uuid('changed_by').references(() => users.id),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('exchange_rate_history_currency_idx').on(t.currency, t.changedAt)],
);

/** Key-value settings, such as `usd_to_naira`. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The price feed's good answers, so a restart still shows the last known price. */
export const priceSnapshots = pgTable(
  'price_snapshots',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    symbol: text('symbol').notNull(),
    usd: numeric('usd', { precision: 30, scale: 8 }).notNull(),
    change24h: numeric('change_24h', { precision: 12, scale: 4 }),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('price_snapshots_symbol_idx').on(t.symbol, t.fetchedAt)],
);

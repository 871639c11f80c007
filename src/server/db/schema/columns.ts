import { bigint, integer, numeric, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Columns many tables share, written once (drizzle's column-helper pattern). Each is a function
 * so every table gets its own column builder.
 */
export const identityId = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
export const bigIdentityId = () =>
  bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

/** A time with its zone; every timestamp here is one. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
/**
 * When a row was made and last changed, to the millisecond: lists page by (time, id) with the
 * time in the cursor, and a JavaScript Date holds milliseconds. At PostgreSQL's microseconds a
 * row made in the same millisecond as a page's last row fell between two pages.
 */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();

/** Crypto amounts, dollars and per-dollar rates: to 8 places (a satoshi). Read as strings. */
export const decimal8 = (name: string) => numeric(name, { precision: 30, scale: 8 });
/** Naira amounts and per-coin naira rates: to 2 places (a kobo). Read as strings. */
export const naira = (name: string) => numeric(name, { precision: 30, scale: 2 });

/**
 * A retried request's Idempotency-Key and the SHA-256 of the request that first used it
 * (platform/idempotency.ts decides whether a retry is the same request).
 */
export const idempotency = () => ({
  idempotencyKey: text('idempotency_key'),
  requestHash: text('request_hash'),
});

/** A user who may be absent (a system change, a deleted actor). */
export const userRef = (name: string) => uuid(name).references(() => users.id);
/** A user who must be there: the row's owner or party. */
export const requiredUserRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id);

import { bigint, integer, timestamp, uuid } from 'drizzle-orm/pg-core';
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
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

/** A user who may be absent (a system change, a deleted actor). */
export const userRef = (name: string) => uuid(name).references(() => users.id);
/** A user who must be there: the row's owner or party. */
export const requiredUserRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id);

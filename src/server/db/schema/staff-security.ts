import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, userRef } from './columns';
import { users } from './users';

/** A staff member's one-time recovery codes: only each code's SHA-256 is kept. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('staff_recovery_codes_user_idx').on(t.userId)],
);

/** One-time password reset links an admin issued: only the token's SHA-256 is kept. */
export const passwordResetLinks = pgTable(
  'password_reset_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdBy: userRef('created_by'),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_links_user_idx').on(t.userId)],
);

/**
 * The browsers a staff member has signed in from (a long-lived random cookie, hashed). A sign-in
 * from one not listed is a new device: audited, and shown to the member until they dismiss it.
 */
export const staffDevices = pgTable(
  'staff_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
    /** Null while the member has not seen the new-device notice (null never for the first). */
    noticeSeenAt: timestamptz('notice_seen_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

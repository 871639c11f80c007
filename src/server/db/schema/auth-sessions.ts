import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { users } from './users';

/** Server-side sign-in sessions. The cookie holds a random token; only its SHA-256 is stored. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** What the owner's device list names a session by (the token hash never leaves the server). */
    id: uuid('id').notNull().unique().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** How the session was opened: 'oidc' (Google) or 'password' (agent login). */
    method: text('method', { enum: ['oidc', 'password'] }).notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    userAgent: text('user_agent'),
    /** The address the session signed in from (the device list shows it). */
    ipAddress: text('ip_address'),
    /**
     * A staff password sign-in whose second factor is still to come: it reaches only the
     * sign-in steps (platform/sign-in-steps.ts), and the code replaces it with a full session.
     */
    secondFactorPending: boolean('second_factor_pending').notNull().default(false),
  },
  (t) => [
    index('auth_sessions_user_idx').on(t.userId),
    index('auth_sessions_expires_idx').on(t.expiresAt),
  ],
);

/** Failed login and setup attempts, for limits that hold across instances. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** platform/attempts.ts's AttemptScope */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_attempts_lookup_idx').on(t.scope, t.key, t.createdAt)],
);

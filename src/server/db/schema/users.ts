import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { agentTypeEnum, customerStatusEnum } from './enums';

/** Customers (Google sign-in), agents (password) and admins (a promoted Google user) in one table. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    customerStatus: customerStatusEnum('customer_status').notNull().default('active'),
    isAgent: boolean('is_agent').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    agentType: agentTypeEnum('agent_type'),
    isActive: boolean('is_active').notNull().default(true),
    /** Issuer URL + subject identify a Google (OIDC) account; both null for password-only agents. */
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    /** argon2id hash; null for users who only sign in with Google. */
    passwordHash: text('password_hash'),
    /** A password someone else chose (a generated one): its owner must set their own at sign-in. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Staff TOTP (RFC 6238) secret, base32; set at enrolment, in use once totpEnabledAt is set. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a code of that step or earlier is never taken again. */
    totpLastStep: integer('totp_last_step'),
    // To the millisecond, as columns.ts's createdAt and updatedAt (which need this table).
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_oidc_identity_uq').on(t.oidcIssuer, t.oidcSubject),
    // Agents log in by email: one password account per address, case-insensitively.
    uniqueIndex('users_password_email_uq')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.passwordHash} is not null`),
    index('users_email_idx').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

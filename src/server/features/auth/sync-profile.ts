import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { splitDisplayName } from '../../../shared/names';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';

export interface OidcProfile {
  issuer: string;
  subject: string;
  email: string | null;
  name: string | null;
  picture: string | null;
}

/**
 * The spec's profile sync: first word of the display name is firstName, the rest lastName;
 * email; picture as profileImageUrl. A failed sync is logged and does not fail the sign-in
 * when the user already exists.
 */
export async function syncProfile(options: {
  db: Db;
  profile: OidcProfile;
  logger: FastifyBaseLogger;
}): Promise<SessionUser> {
  const { db, profile, logger } = options;
  const { firstName, lastName } = splitDisplayName(profile.name);
  const values = {
    email: profile.email,
    firstName,
    lastName,
    profileImageUrl: profile.picture,
  };
  try {
    const [row] = await db
      .insert(users)
      .values({ ...values, oidcIssuer: profile.issuer, oidcSubject: profile.subject })
      .onConflictDoUpdate({
        target: [users.oidcIssuer, users.oidcSubject],
        set: { ...values, updatedAt: sql`now()` },
      })
      .returning();
    return row!;
  } catch (error) {
    logger.error({ err: error }, 'profile sync failed');
    const [existing] = await db
      .select()
      .from(users)
      .where(and(eq(users.oidcIssuer, profile.issuer), eq(users.oidcSubject, profile.subject)))
      .limit(1);
    if (existing) return existing;
    throw new AppError('service_unavailable', 'Sign-in failed. Please try again.');
  }
}

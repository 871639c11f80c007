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

/** C0 and C1 control characters (NUL among them): PostgreSQL refuses NUL in text outright. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** A display name as we store it: control characters become spaces, so words stay apart. */
function cleanName(name: string | null): string | null {
  return name?.replace(new RegExp(CONTROL_CHARACTER, 'g'), ' ') ?? null;
}

/** An email or picture address with a control character in it is not one we can use. */
function usable(value: string | null): string | null {
  return value !== null && !CONTROL_CHARACTER.test(value) ? value : null;
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
  const { firstName, lastName } = splitDisplayName(cleanName(profile.name));
  const values = {
    email: usable(profile.email),
    firstName,
    lastName,
    profileImageUrl: usable(profile.picture),
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

import { verify } from '@node-rs/argon2';
import { and, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { agentLoginRequestSchema } from '../../../shared/api/auth';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { assertNotLimited, recordFailure } from '../../platform/attempts';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import { hashPassword } from './hash-password';

const INVALID = 'Invalid username or password';
const LIMITED = 'Too many failed login attempts. Please wait 15 minutes and try again.';

/** Verified against when the account does not exist, so both cases take the same time. */
let dummyHash: Promise<string> | undefined;

/**
 * Agent login by email and password. Unknown account and wrong password get the same answer;
 * five failures in 15 minutes for an account or an address lock both out for the window.
 */
export async function agentLogin(
  options: z.output<typeof agentLoginRequestSchema> & { db: Db; address: string },
): Promise<SessionUser> {
  const { db, password } = options;
  const email = options.username.trim().toLowerCase();
  const keys = [
    { scope: 'account' as const, key: email },
    { scope: 'address' as const, key: options.address },
  ];
  await assertNotLimited(db, keys, LIMITED);
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, isNotNull(users.passwordHash)))
    .limit(1);
  dummyHash ??= hashPassword('not a real password');
  const ok = await verify(user?.passwordHash ?? (await dummyHash), password);
  if (!user || !ok || !(user.isAgent || user.isAdmin)) {
    await recordFailure(db, keys);
    throw new AppError('unauthorized', INVALID);
  }
  if (!user.isActive) {
    throw new AppError('forbidden', 'This agent account has been deactivated. Contact an admin.');
  }
  return user;
}

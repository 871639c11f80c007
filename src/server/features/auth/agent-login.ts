import { hash, verify } from '@node-rs/argon2';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { assertNotLimited, recordFailure } from '../../platform/attempts';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';

/** argon2id with at least OWASP's minimum cost (19 MiB, 2 passes). */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

const INVALID = 'Invalid username or password';
const LIMITED = 'Too many failed login attempts. Please wait 15 minutes and try again.';

/** Verified against when the account does not exist, so both cases take the same time. */
let dummyHash: Promise<string> | undefined;

/**
 * Agent login by email and password. Unknown account and wrong password get the same answer;
 * five failures in 15 minutes for an account or an address lock both out for the window.
 */
export async function agentLogin(options: {
  db: Db;
  username: string;
  password: string;
  address: string;
}): Promise<SessionUser> {
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

export async function findUserById(db: Db, id: string): Promise<SessionUser | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

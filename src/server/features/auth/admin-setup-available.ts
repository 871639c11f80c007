import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export async function adminExists(db: Db): Promise<boolean> {
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isAdmin, true))
    .limit(1);
  return admin !== undefined;
}

/**
 * Whether the one-time setup can still run: a secret is configured and no admin exists yet.
 * Public, so /admin/setup can say so before anyone fills in the form; it tells nothing else.
 */
export async function adminSetupAvailable(options: {
  db: Db;
  configuredSecret: string | undefined;
}): Promise<boolean> {
  return Boolean(options.configuredSecret) && !(await adminExists(options.db));
}

import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import type { SessionUser } from '../../platform/sessions';

/**
 * Forgets one of the caller's browsers (they turned notifications off). Someone else's endpoint,
 * or one already gone, changes nothing: the answer is the same, so it tells nothing.
 */
export async function deleteSubscription(options: {
  db: Db;
  caller: SessionUser;
  endpoint: string;
}): Promise<void> {
  const { db, caller, endpoint } = options;
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, caller.id)));
}

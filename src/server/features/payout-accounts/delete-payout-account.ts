import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payoutAccounts } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import { assertCustomer, liveAccountsOf } from './customer-accounts';
import { toPayoutAccount } from './to-payout-account';

/** Hides one of the caller's own accounts; anyone else's is "not found". */
export async function deletePayoutAccount(options: {
  db: Db;
  caller: SessionUser;
  id: number;
}): Promise<void> {
  const { db, caller, id } = options;
  assertCustomer(caller);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(payoutAccounts)
      .set({ deletedAt: sql`now()` })
      .where(and(eq(payoutAccounts.id, id), liveAccountsOf(caller.id)))
      .returning();
    if (!row) throw new AppError('not_found', 'Payout account not found');
    await writeAudit(tx, {
      actorId: caller.id,
      action: 'payout_account.delete',
      entityType: 'payout_account',
      entityId: String(id),
      before: { ...toPayoutAccount(row) },
      after: null,
    });
  });
}

import { and, eq, isNull } from 'drizzle-orm';
import type { PayoutAccount } from '../../../shared/api/payout-accounts';
import type { Db } from '../../db/client';
import { payoutAccounts } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import { liveAccountsOf } from './customer-accounts';
import { toPayoutAccount } from './to-payout-account';

/**
 * The customer answers an account an agent added for them (decision 036): confirmed, it can be
 * paid into; refused, it is hidden as a deletion is. Audited either way. Only a pending account
 * of the caller's own can be answered; one answered already is a 409, another's a 404.
 */
export async function answerPayoutAccount(options: {
  db: Db;
  caller: SessionUser;
  id: number;
  confirm: boolean;
  now: Date;
}): Promise<PayoutAccount> {
  const { db, caller, id, confirm, now } = options;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(payoutAccounts)
      .set(confirm ? { confirmedAt: now } : { deletedAt: now })
      .where(
        and(
          eq(payoutAccounts.id, id),
          liveAccountsOf(caller.id),
          isNull(payoutAccounts.confirmedAt),
        ),
      )
      .returning();
    if (!row) {
      const [known] = await tx
        .select({ id: payoutAccounts.id })
        .from(payoutAccounts)
        .where(and(eq(payoutAccounts.id, id), eq(payoutAccounts.customerId, caller.id)))
        .limit(1);
      throw known
        ? new AppError('conflict', 'This payout account has been answered already')
        : new AppError('not_found', 'Payout account not found');
    }
    const account = toPayoutAccount(row);
    await writeAudit(tx, {
      actorId: caller.id,
      action: confirm ? 'payout_account.confirm' : 'payout_account.refuse',
      entityType: 'payout_account',
      entityId: String(id),
      before: { ...account, pending: true },
      after: confirm ? { ...account, pending: false } : null,
    });
    return account;
  });
}

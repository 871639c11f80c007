import { and, count, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  MAX_PAYOUT_ACCOUNTS,
  type PayoutAccount,
  type createPayoutAccountRequestSchema,
} from '../../../shared/api/payout-accounts';
import { isValidNuban } from '../../../shared/payout-accounts/nuban';
import type { NameEnquirySettings } from '../../config';
import type { Db } from '../../db/client';
import { auditLog, payoutAccounts, users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import { resolveAccountName } from './name-enquiry';
import { assertCustomer, liveAccountsOf } from './customer-accounts';
import { bankOf, toPayoutAccount } from './to-payout-account';

/**
 * Accounts one customer may add in 24 hours. Each add can ask the bank for a name, so adding and
 * deleting in a loop would otherwise look up anyone's name (and run up the provider's bill).
 */
export const MAX_ADDS_PER_DAY = 10;
const DAY_MS = 24 * 60 * 60 * 1000;
type CreateInput = z.output<typeof createPayoutAccountRequestSchema>;

/**
 * Saves a payout account: the bank from the list, the number checked against the bank's NUBAN
 * check digit, and the name from the bank's name enquiry when it answers (verified), else as
 * the customer typed it (unverified). The enquiry runs before the transaction opens.
 */
export async function addPayoutAccount(options: {
  db: Db;
  caller: SessionUser;
  input: CreateInput;
  nameEnquiry: NameEnquirySettings | undefined;
  logger: FastifyBaseLogger;
}): Promise<PayoutAccount> {
  const { db, caller, input } = options;
  assertCustomer(caller);
  const bank = bankOf(input.bankCode);
  const [recent] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.actorId, caller.id),
        eq(auditLog.action, 'payout_account.add'),
        gt(auditLog.createdAt, new Date(Date.now() - DAY_MS)),
      ),
    );
  if ((recent?.n ?? 0) >= MAX_ADDS_PER_DAY) {
    throw new AppError(
      'too_many_requests',
      `You have added ${MAX_ADDS_PER_DAY} accounts in the last 24 hours. Please try again later`,
    );
  }
  if (bank.scheme === 'nuban' && !isValidNuban(bank.code, input.accountNumber)) {
    throw new AppError('bad_request', `This account number is not valid for ${bank.name}`);
  }
  const resolved = await resolveAccountName({
    settings: options.nameEnquiry,
    logger: options.logger,
    bankCode: bank.resolveCode,
    accountNumber: input.accountNumber,
  });
  const accountName = resolved ?? input.accountName;
  if (!accountName) {
    throw new AppError(
      'bad_request',
      'We could not confirm the account name with your bank. Enter it as your bank shows it',
    );
  }

  return db.transaction(async (tx) => {
    // The customer's row lock makes concurrent adds take turns, so the limit holds.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, caller.id)).for('update');
    const [existing] = await tx
      .select({ n: count() })
      .from(payoutAccounts)
      .where(liveAccountsOf(caller.id));
    if ((existing?.n ?? 0) >= MAX_PAYOUT_ACCOUNTS) {
      throw new AppError(
        'conflict',
        `You can keep at most ${MAX_PAYOUT_ACCOUNTS} payout accounts. Delete one to add another`,
      );
    }
    const [row] = await tx
      .insert(payoutAccounts)
      .values({
        customerId: caller.id,
        bankCode: bank.code,
        accountNumber: input.accountNumber,
        accountName,
        verified: resolved !== null,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('conflict', 'This account is already saved');
    const account = toPayoutAccount(row);
    await writeAudit(tx, {
      actorId: caller.id,
      action: 'payout_account.add',
      entityType: 'payout_account',
      entityId: String(row.id),
      before: null,
      after: { ...account },
    });
    return account;
  });
}

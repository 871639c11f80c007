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
 * An account an agent adds for a customer who cannot add their own (on WhatsApp, decision 036):
 * saved pending, for the customer to confirm; `within` runs in the same transaction (it asks
 * the customer).
 */
export interface ForCustomer {
  customerId: string;
  within: (tx: Db, account: PayoutAccount) => Promise<void>;
}

/** How many accounts were added in the last 24 hours: by the customer, or for them by staff. */
async function addedToday(db: Db, caller: SessionUser, forCustomer: ForCustomer | undefined) {
  const since = new Date(Date.now() - DAY_MS);
  const [recent] = forCustomer
    ? await db
        .select({ n: count() })
        .from(payoutAccounts)
        .where(
          and(
            eq(payoutAccounts.customerId, forCustomer.customerId),
            gt(payoutAccounts.createdAt, since),
          ),
        )
    : await db
        .select({ n: count() })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.actorId, caller.id),
            eq(auditLog.action, 'payout_account.add'),
            gt(auditLog.createdAt, since),
          ),
        );
  return recent?.n ?? 0;
}

/**
 * Saves a payout account: the bank from the list, the number checked against the bank's NUBAN
 * check digit, and the name from the bank's name enquiry when it answers (verified), else as
 * the customer typed it (unverified). The enquiry runs before the transaction opens. A
 * customer's own is confirmed at once; one an agent adds `forCustomer` waits for the customer's
 * confirmation, and no order pays into it before.
 */
export async function addPayoutAccount(options: {
  db: Db;
  caller: SessionUser;
  input: CreateInput;
  nameEnquiry: NameEnquirySettings | undefined;
  logger: FastifyBaseLogger;
  forCustomer?: ForCustomer;
}): Promise<PayoutAccount> {
  const { db, caller, input, forCustomer } = options;
  if (!forCustomer) assertCustomer(caller);
  const customerId = forCustomer?.customerId ?? caller.id;
  const bank = bankOf(input.bankCode);
  if ((await addedToday(db, caller, forCustomer)) >= MAX_ADDS_PER_DAY) {
    throw new AppError(
      'too_many_requests',
      forCustomer
        ? `This customer has had ${MAX_ADDS_PER_DAY} accounts added in the last 24 hours. Please try again later`
        : `You have added ${MAX_ADDS_PER_DAY} accounts in the last 24 hours. Please try again later`,
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
    await tx.select({ id: users.id }).from(users).where(eq(users.id, customerId)).for('update');
    const [existing] = await tx
      .select({ n: count() })
      .from(payoutAccounts)
      .where(liveAccountsOf(customerId));
    if ((existing?.n ?? 0) >= MAX_PAYOUT_ACCOUNTS) {
      throw new AppError(
        'conflict',
        forCustomer
          ? `A customer can keep at most ${MAX_PAYOUT_ACCOUNTS} payout accounts`
          : `You can keep at most ${MAX_PAYOUT_ACCOUNTS} payout accounts. Delete one to add another`,
      );
    }
    const [row] = await tx
      .insert(payoutAccounts)
      .values({
        customerId,
        bankCode: bank.code,
        accountNumber: input.accountNumber,
        accountName,
        verified: resolved !== null,
        ...(forCustomer && { confirmedAt: null, addedBy: caller.id }),
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
      after: { ...account, ...(forCustomer && { customerId, pending: true }) },
    });
    await forCustomer?.within(tx, account);
    return account;
  });
}

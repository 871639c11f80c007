import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { identityId, createdAt, requiredUserRef, timestamptz, userRef } from './columns';

/**
 * A customer's bank accounts for naira payouts. Deleting one only hides it (`deleted_at`): the
 * orders that paid into it keep pointing at what was paid. An agent may add one for a customer
 * on WhatsApp (`added_by`, decision 036): it stays pending (`confirmed_at` null) until the
 * customer confirms it with a button, and no order pays into it before.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: identityId(),
    customerId: requiredUserRef('customer_id'),
    /** A code from src/shared/payout-accounts/banks.ts. */
    bankCode: text('bank_code').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    /** True when the name came from the name-enquiry provider, false when the customer typed it. */
    verified: boolean('verified').notNull(),
    createdAt: createdAt(),
    /** When the customer confirmed it: at once for their own; a button tap for an agent's. */
    confirmedAt: timestamptz('confirmed_at').defaultNow(),
    /** The agent who added it for the customer; null for the customer's own. */
    addedBy: userRef('added_by'),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    uniqueIndex('payout_accounts_live_uq')
      .on(t.customerId, t.bankCode, t.accountNumber)
      .where(sql`${t.deletedAt} is null`),
    index('payout_accounts_customer_idx').on(t.customerId),
    // Who else saved this bank account (the staff's flag).
    index('payout_accounts_number_idx').on(t.accountNumber, t.bankCode),
  ],
);

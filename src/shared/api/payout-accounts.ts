import { z } from 'zod';
import { findBank } from '../payout-accounts/banks';
import { isoDateTime } from './common';

/** A customer may keep this many payout accounts. */
export const MAX_PAYOUT_ACCOUNTS = 5;

export const bankSchema = z.object({
  code: z.string(),
  name: z.string(),
  shortName: z.string(),
  /** `phone`: the account number is the holder's phone number; no check digit applies. */
  scheme: z.enum(['nuban', 'phone']),
});
export type BankDto = z.infer<typeof bankSchema>;
export const bankListSchema = z.array(bankSchema);

export const payoutAccountSchema = z.object({
  id: z.number().int(),
  bankCode: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  /** The name came from the bank's name enquiry, not from what the customer typed. */
  verified: z.boolean(),
  createdAt: isoDateTime,
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;
export const payoutAccountListSchema = z.array(payoutAccountSchema);

/**
 * A payout account as the staff who pay into it see it: with the other customers who saved the
 * same bank and number (allowed, but a reason to look twice before paying). Never sent to a
 * customer.
 */
export const staffPayoutAccountSchema = payoutAccountSchema.extend({
  alsoSavedBy: z.array(z.object({ customerId: z.uuid(), name: z.string() })),
  /** Added by an agent for a WhatsApp customer, not confirmed by them yet: no order pays into it. */
  pending: z.boolean(),
});
export type StaffPayoutAccount = z.infer<typeof staffPayoutAccountSchema>;
export const staffPayoutAccountListSchema = z.array(staffPayoutAccountSchema);

export const createPayoutAccountRequestSchema = z.object({
  bankCode: z
    .string({ error: 'Choose your bank' })
    .refine((code) => findBank(code) !== undefined, 'Choose your bank from the list'),
  accountNumber: z
    .string({ error: 'Enter your 10-digit account number' })
    .trim()
    .regex(/^\d{10}$/, 'The account number must be 10 digits'),
  /**
   * What the customer typed. Optional: when the bank's name enquiry answers, its name is stored
   * instead; when it does not, the typed name is required.
   */
  accountName: z
    .string()
    .trim()
    .max(100, 'The account name must be at most 100 characters')
    .optional()
    .transform((name) => (name ? name.replace(/\s+/g, ' ') : undefined)),
});
export type CreatePayoutAccountRequest = z.input<typeof createPayoutAccountRequestSchema>;

export const payoutAccountIdParamsSchema = z.object({
  id: z.coerce.number().int().positive('Invalid payout account id').max(2_147_483_647),
});

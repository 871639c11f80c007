import { z } from 'zod';
import { customerStatusSchema, isoDateTime } from './common';

/** What a restricted (banned) customer is told when they try to write. */
export const BANNED_MESSAGE = 'Your account is restricted. Contact support.';

export const customerSummarySchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  customerStatus: customerStatusSchema,
  createdAt: isoDateTime,
  /**
   * A customer who writes from WhatsApp (decision 034): their number, digits with the country
   * code. Chats carry it (staff's views; a WhatsApp customer has no web session of their own).
   */
  whatsappNumber: z.string().nullable().optional(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

/** PUT /api/admin/customers/:id/status (agents and admins). */
export const customerStatusRequestSchema = z.object({ status: customerStatusSchema });

/** The word a customer types to confirm the erasure of their account. */
export const ERASE_CONFIRMATION_WORD = 'ERASE';

/** POST /api/customer/erase: the signed-in customer's own account, confirmed by the typed word. */
export const eraseAccountRequestSchema = z.object({
  confirm: z.literal(ERASE_CONFIRMATION_WORD, {
    error: `Type ${ERASE_CONFIRMATION_WORD} to confirm`,
  }),
});
export type EraseAccountRequest = z.infer<typeof eraseAccountRequestSchema>;

export const eraseAccountResponseSchema = z.object({
  erased: z.literal(true),
  /** Until when the orders, transactions and audit entries are kept under the pseudonym. */
  retainedUntil: isoDateTime,
});
export type EraseAccountResponse = z.infer<typeof eraseAccountResponseSchema>;

/** Why an erasure waits: an order still running in one of the customer's chats. */
export const OPEN_ORDER_BLOCKS_ERASURE =
  'You have an order in progress. Your account can be erased once it is completed, cancelled or expired.';

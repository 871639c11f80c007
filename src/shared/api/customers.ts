import { z } from 'zod';
import { CUSTOMER_STATUSES } from '../domain';
import { cursorQueryShape, customerStatusSchema, isoDateTime, pageSchema } from './common';

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

/**
 * POST /api/customer/erase: the signed-in customer's own account, confirmed by the typed word;
 * also POST /api/admin/users/:id/erase, an admin erasing a customer on their request.
 */
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

/** The same, when an admin erases a customer (POST /api/admin/users/:id/erase). */
export const OPEN_ORDER_BLOCKS_STAFF_ERASURE =
  'This customer has an order in progress: they can be erased once it is completed, cancelled or expired.';

/** Whom GET /api/admin/users lists. */
export const ADMIN_USER_ROLES = ['all', 'agents', 'customers'] as const;

export const adminUserSchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  customerStatus: z.enum(CUSTOMER_STATUSES),
  isAgent: z.boolean(),
  isAdmin: z.boolean(),
  isActive: z.boolean(),
  sessionCount: z.number().int(),
  transactionCount: z.number().int(),
  createdAt: isoDateTime,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /api/admin/users: customers by default (the agent chat list); admins filter by role. */
export const adminUsersQuerySchema = z.object({
  ...cursorQueryShape,
  q: z.string().trim().max(100).optional(),
  role: z.enum(ADMIN_USER_ROLES).default('customers'),
});
export const adminUserPageSchema = pageSchema(adminUserSchema);

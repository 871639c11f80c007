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
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

/** PUT /api/admin/customers/:id/status (agents and admins). */
export const customerStatusRequestSchema = z.object({ status: customerStatusSchema });

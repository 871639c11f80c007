import { z } from 'zod';
import { AGENT_TYPES, CUSTOMER_STATUSES } from '../domain';
import { isoDateTime } from './common';

/** The signed-in user as the API shows them. */
export const userSchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  customerStatus: z.enum(CUSTOMER_STATUSES),
  isAgent: z.boolean(),
  isAdmin: z.boolean(),
  agentType: z.enum(AGENT_TYPES).nullable(),
  isActive: z.boolean(),
  createdAt: isoDateTime,
});
export type User = z.infer<typeof userSchema>;

export const agentLoginRequestSchema = z.object({
  username: z.string().trim().min(1, 'Please fill in all fields').max(320),
  password: z.string().min(1, 'Please fill in all fields').max(256),
});

export const loginQuerySchema = z.object({
  /** Where to go after sign-in: a path on this site only. */
  returnTo: z.string().max(2000).optional(),
});

export const callbackQuerySchema = z
  .object({
    code: z.string().max(4096).optional(),
    state: z.string().max(512).optional(),
    error: z.string().max(256).optional(),
  })
  .catchall(z.string().max(4096));

export const adminInitializeRequestSchema = z.object({
  email: z.string().trim().min(1, 'Please enter both email and secret').max(320),
  secret: z.string().min(1, 'Please enter both email and secret').max(512),
});

/** GET /api/admin/setup-status: whether the one-time admin setup can still run. */
export const adminSetupStatusSchema = z.object({ available: z.boolean() });
export type AdminSetupStatus = z.infer<typeof adminSetupStatusSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });

/**
 * A redirect target after sign-in: a same-origin path, percent-encoded so it is a valid
 * `Location` header whatever the visitor typed (a raw "/€" would not be). Anything else (another
 * host, "//evil", "/\\evil", a scheme, control characters) falls back to "/".
 */
export function safeReturnTo(value: string | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return '/';
  }
  if ([...value].some((c) => c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) {
    return '/';
  }
  // Resolved against a placeholder origin: what stays on it is a path, and URL encodes it.
  const base = 'http://return-to.invalid';
  const url = new URL(value, base);
  if (url.origin !== base) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

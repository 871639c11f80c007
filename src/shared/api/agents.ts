import { z } from 'zod';
import { AGENT_TYPES } from '../domain';
import { isoDateTime } from './common';

export const PASSWORD_MIN_LENGTH = 8;

export const createAgentRequestSchema = z.object({
  email: z.email('Enter a valid email address').max(320),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(256, 'Password must be at most 256 characters'),
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().min(1, 'Last name is required').max(100),
  agentType: z.enum(AGENT_TYPES).default('general'),
  /** The password came from Generate: its owner must set their own at first sign-in. */
  passwordGenerated: z.boolean().default(false),
});
export type CreateAgentRequest = z.input<typeof createAgentRequestSchema>;

export const agentSchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  agentType: z.enum(AGENT_TYPES).nullable(),
  isActive: z.boolean(),
  isAdmin: z.boolean(),
  /** Whether they have enrolled a second factor. */
  twoFactorEnabled: z.boolean(),
  createdAt: isoDateTime,
});
export type Agent = z.infer<typeof agentSchema>;

export const agentListSchema = z.array(agentSchema);

export const agentIdParamsSchema = z.object({ id: z.uuid('Invalid agent id') });
export const userIdParamsSchema = z.object({ id: z.uuid('Invalid user id') });

export const agentStatusRequestSchema = z.object({ isAgent: z.boolean() });

/** 12 characters from letters, digits and ! @ # $ % (the spec's generator), from a CSPRNG. */
export const GENERATED_PASSWORD_ALPHABET =
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#$%';
export const GENERATED_PASSWORD_LENGTH = 12;

export function generatePassword(
  randomValues: (array: Uint32Array<ArrayBuffer>) => Uint32Array<ArrayBuffer> = (a) =>
    crypto.getRandomValues(a),
): string {
  const alphabet = GENERATED_PASSWORD_ALPHABET;
  // Rejection sampling keeps every character equally likely.
  const limit = Math.floor(2 ** 32 / alphabet.length) * alphabet.length;
  let out = '';
  while (out.length < GENERATED_PASSWORD_LENGTH) {
    for (const value of randomValues(new Uint32Array(GENERATED_PASSWORD_LENGTH))) {
      if (value < limit && out.length < GENERATED_PASSWORD_LENGTH)
        out += alphabet[value % alphabet.length];
    }
  }
  return out;
}

/** POST /api/agents/:id/admin: make a staff member an admin, or remove it. */
export const adminStatusRequestSchema = z.object({ isAdmin: z.boolean() });

/** POST /api/agents/:id/2fa/reset: an admin's own needs one of their recovery codes. */
export const resetSecondFactorRequestSchema = z.object({
  recoveryCode: z.string().trim().max(40).optional(),
});

/** POST /api/agents/:id/reset-link: the one-time link, shown to the admin this once. */
export const resetLinkSchema = z.object({ url: z.string(), expiresAt: isoDateTime });
export type ResetLink = z.infer<typeof resetLinkSchema>;

/** DELETE /api/agents/:id/sessions */
export const endedSessionsSchema = z.object({ ended: z.number().int() });

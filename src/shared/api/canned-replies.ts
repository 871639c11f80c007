import { z } from 'zod';
import { isoDateTime } from './common';
import { MESSAGE_MAX_LENGTH } from './messages';

/**
 * Canned replies: `team` (every agent sees them; admins create, edit and delete them) or
 * `personal` (one agent's own, seen by that agent alone). The reply box's `/` picker inserts
 * one with its variables filled (VARIABLES below).
 */
export const CANNED_REPLY_SCOPES = ['team', 'personal'] as const;
export const SHORTCUT_PATTERN = /^[a-z0-9][a-z0-9_-]{0,31}$/;

export const cannedReplySchema = z.object({
  id: z.number().int(),
  scope: z.enum(CANNED_REPLY_SCOPES),
  /** What the picker searches: lower-case letters, digits, - and _, up to 32. */
  shortcut: z.string(),
  content: z.string(),
  updatedAt: isoDateTime,
});
export type CannedReply = z.infer<typeof cannedReplySchema>;
export const cannedReplyListSchema = z.array(cannedReplySchema);

const shortcut = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    SHORTCUT_PATTERN,
    'Shortcut: 1 to 32 lower-case letters, digits, - or _, starting with a letter or digit',
  );
const content = z
  .string()
  .trim()
  .min(1, 'Reply cannot be empty')
  .max(MESSAGE_MAX_LENGTH, `Reply is too long (at most ${MESSAGE_MAX_LENGTH} characters)`);

export const createCannedReplyRequestSchema = z.object({
  scope: z.enum(CANNED_REPLY_SCOPES),
  shortcut,
  content,
});
export const updateCannedReplyRequestSchema = z
  .object({ shortcut: shortcut.optional(), content: content.optional() })
  .refine((b) => b.shortcut !== undefined || b.content !== undefined, {
    message: 'Give shortcut or content',
  });
export const cannedReplyIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/**
 * The variables a canned reply may hold, filled when it is inserted. Rates are the desk's
 * managed sell rates in naira per one coin (rateSchema's sellRateNaira). Anything else in
 * braces is left as it is, visible.
 */
export const CANNED_REPLY_VARIABLES = {
  '{customer.firstName}': "the chat's customer's first name",
  '{rate.bitcoin.sell}': 'the BTC sell rate, naira per 1 BTC (₦…/BTC)',
  '{rate.usdt.sell}': 'the USDT sell rate, naira per 1 USDT (₦…/USDT)',
  '{order.depositAddress}': "the deposit address of the chat's open order",
} as const;
export type CannedReplyVariable = keyof typeof CANNED_REPLY_VARIABLES;

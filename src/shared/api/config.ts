import { z } from 'zod';

/** What the browser may know of the server's configuration. */
export const publicConfigSchema = z.object({
  brandName: z.string(),
  whatsappNumber: z.string(),
  /** SUPPORT_CONTACT: shown where the app says "Contact support" (see support-contact.ts). */
  supportContact: z.string(),
  demoMode: z.boolean(),
  /** PAYOUT_SLA_MINUTES: minutes from deposit confirmed to payout before an order is overdue. */
  payoutSlaMinutes: z.number().int().positive(),
  /** DISPUTE_RESPONSE_HOURS: a disputed order's customer hears from an admin within it. */
  disputeResponseHours: z.number().int().positive(),
  /**
   * FIRST_RESPONSE_TARGET_MINUTES: a chat whose customer waits for a reply turns amber past half
   * of it and red past it in the agents' list.
   */
  firstResponseTargetMinutes: z.number().int().positive(),
  /** QUOTE_TTL_MINUTES: how long an order's quote locks the sell rate. */
  quoteTtlMinutes: z.number().int().positive(),
  /** MIN_ORDER_NAIRA and MAX_ORDER_NAIRA: an order's naira total lies between them. */
  minOrderNaira: z.string(),
  maxOrderNaira: z.string(),
  /** APPROVAL_THRESHOLD_USD: the form's "Approval Required" notice shows over it (decision 028). */
  approvalThresholdUsd: z.string(),
  /** The WhatsApp Cloud API channel is on (decision 034): its chats show a badge and a window. */
  whatsappChannel: z.boolean(),
  /**
   * DEPOSIT_WATCH_MS: how often the deposit watcher reads the chain; a card whose last good read
   * is older than two of these says "Checking the chain…" again.
   */
  depositWatchMs: z.number().int().positive(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

import { z } from 'zod';
import { isoDateTime } from './common';

/**
 * The WhatsApp Cloud API's webhook, as much of it as the channel reads (decision 034). Meta adds
 * fields over time: unknown ones pass through untouched (zod objects strip, never refuse them).
 */

/** GET /api/channels/whatsapp/webhook: Meta's verification handshake. */
export const whatsappHandshakeQuerySchema = z.object({
  'hub.mode': z.string().optional(),
  'hub.verify_token': z.string().optional(),
  'hub.challenge': z.string().max(200).optional(),
});

const mediaSchema = z.object({
  id: z.string(),
  mime_type: z.string().optional(),
  caption: z.string().optional(),
  filename: z.string().optional(),
});

const replySchema = z.object({ id: z.string(), title: z.string() });

/** One message a customer sent; `type` names the field that holds it. */
export const whatsappInboundMessageSchema = z.object({
  from: z.string().regex(/^\d{1,20}$/),
  id: z.string().min(1).max(200),
  /** Seconds since the epoch, as a string. */
  timestamp: z.string().regex(/^\d{1,12}$/),
  type: z.string().max(40),
  text: z.object({ body: z.string() }).optional(),
  image: mediaSchema.optional(),
  document: mediaSchema.optional(),
  audio: mediaSchema.optional(),
  interactive: z
    .object({
      type: z.string(),
      list_reply: replySchema.optional(),
      button_reply: replySchema.optional(),
    })
    .optional(),
  button: z.object({ payload: z.string().optional(), text: z.string() }).optional(),
});
export type WhatsappInboundMessage = z.infer<typeof whatsappInboundMessageSchema>;

export const WHATSAPP_STATUSES = ['sent', 'delivered', 'read', 'failed'] as const;

/** A status update of a message the business sent. */
export const whatsappStatusSchema = z.object({
  id: z.string().min(1).max(200),
  status: z.string(),
  timestamp: z.string().optional(),
  recipient_id: z.string().optional(),
  errors: z.array(z.object({ code: z.number().int(), title: z.string().optional() })).optional(),
});
export type WhatsappStatus = z.infer<typeof whatsappStatusSchema>;

export const whatsappChangeValueSchema = z.object({
  metadata: z.object({ phone_number_id: z.string() }),
  contacts: z
    .array(z.object({ wa_id: z.string(), profile: z.object({ name: z.string() }).optional() }))
    .optional(),
  messages: z.array(z.unknown()).optional(),
  statuses: z.array(z.unknown()).optional(),
});
export type WhatsappChangeValue = z.infer<typeof whatsappChangeValueSchema>;

/** POST /api/channels/whatsapp/webhook: what Meta sends, checked after its signature. */
export const whatsappWebhookBodySchema = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z
    .array(
      z.object({
        changes: z.array(z.object({ field: z.string(), value: z.unknown() })),
      }),
    )
    .max(100),
});
export type WhatsappWebhookBody = z.infer<typeof whatsappWebhookBodySchema>;

/** The interactive list's question when the customer's first message names no coin. */
export const DESK_QUESTION = 'What would you like to sell?';

/** A message's tick on WhatsApp: sending until the Graph API answers. */
export const WHATSAPP_TICKS = ['sending', 'sent', 'delivered', 'read', 'failed'] as const;
export const whatsappTickSchema = z.enum(WHATSAPP_TICKS);
export type WhatsappTick = z.infer<typeof whatsappTickSchema>;

export const whatsappChatParamsSchema = z.object({
  chatSessionId: z.coerce.number().int().positive('Invalid chat session id'),
});
export const whatsappMessageParamsSchema = z.object({
  messageId: z.coerce.number().int().positive('Invalid message id'),
});

/** A desk message's delivery to WhatsApp. */
export const whatsappDeliverySchema = z.object({
  messageId: z.number().int(),
  tick: whatsappTickSchema,
  /** Meta's error title when the message failed (or is being retried). */
  errorTitle: z.string().nullable(),
});
export type WhatsappDelivery = z.infer<typeof whatsappDeliverySchema>;

/** GET /api/channels/whatsapp/chats/:chatSessionId (staff): the chat's WhatsApp side. */
export const whatsappChatSchema = z.object({
  /** The customer's WhatsApp number (digits, with the country code). Staff only. */
  waId: z.string(),
  /** When free-form replies stop being allowed; null before the customer's first message. */
  windowEndsAt: isoDateTime.nullable(),
  /** A re-engagement template is configured (WHATSAPP_REENGAGE_TEMPLATE). */
  canReengage: z.boolean(),
  deliveries: z.array(whatsappDeliverySchema),
});
export type WhatsappChat = z.infer<typeof whatsappChatSchema>;

export const WINDOW_CLOSED_NO_TEMPLATE =
  'The 24-hour window has closed and no re-engagement template is configured';

/** POST /api/channels/whatsapp/customers/:customerId/payout-accounts (staff). */
export const whatsappCustomerParamsSchema = z.object({
  customerId: z.uuid('Invalid customer id'),
});

/** What the customer is asked when an agent adds a payout account for them (decision 036). */
export function accountConfirmationText(account: {
  bankName: string;
  accountNumber: string;
  accountName: string;
}): string {
  return `Your agent has added this payout account for you:\n${account.bankName} ${account.accountNumber}\n${account.accountName}\nShall we pay your naira into it?`;
}

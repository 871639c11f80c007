import { z } from 'zod';

/** The text the customer's chat offers notifications with (after their first message). */
export const PUSH_PROMPT_TEXT = 'Get notified when an agent replies';
/** The text the agents' inbox offers notifications of new chats with. */
export const AGENT_PUSH_PROMPT_TEXT = 'Get notified of new chats when this tab is closed';

/** The VAPID public key browsers subscribe with (applicationServerKey), base64url. */
export const pushKeySchema = z.object({ publicKey: z.string() });

const base64url = (what: string, min: number, max: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+=*$/, `${what} must be base64url`)
    .min(min, `${what} is too short`)
    .max(max, `${what} is too long`);

/** PushSubscription.toJSON() as browsers give it. */
export const pushSubscriptionRequestSchema = z.object({
  endpoint: z
    .url({ protocol: /^https?$/, error: 'endpoint must be a push service URL' })
    .max(2048, 'endpoint is too long'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key: 65 bytes, 87 characters. */
    p256dh: base64url('keys.p256dh', 86, 90),
    /** The browser's 16-byte auth secret: 22 characters. */
    auth: base64url('keys.auth', 22, 24),
  }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

export const deletePushSubscriptionRequestSchema = z.object({
  endpoint: z.string().min(1).max(2048),
});

/** What the service worker receives and shows (public/push-sw.js). */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The page a click opens: the chat the news is about. */
  url: z.string(),
  /** Notifications with one tag replace each other: one per chat. */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, identityId, requiredUserRef } from './columns';

/**
 * A browser's Web Push subscription (PushSubscription.toJSON()): where features/push sends a
 * user's notifications. One row per endpoint: a browser that subscribes again under another
 * account moves to that account. Removed when the push service says it is gone (404/410).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: identityId(),
    userId: requiredUserRef('user_id'),
    /** The push service's URL for this browser: a capability, shown to no one. */
    endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_uq'),
    /** The browser's P-256 public key and auth secret (base64url): the payload's encryption. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

import { sql } from 'drizzle-orm';
import type { PushSubscriptionRequest } from '../../../shared/api/push';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';

/** A user may keep this many browsers subscribed; the oldest beyond it are dropped. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

/** The browsers' own push services (Chrome, Firefox, Safari, Edge), by host. */
const BROWSER_PUSH_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^([a-z0-9-]+\.)*push\.apple\.com$/,
  /^([a-z0-9-]+\.)*notify\.windows\.com$/,
];

/**
 * Whether the server may POST to `endpoint`: a browser's push service over https, or an origin
 * the operator named (PUSH_SERVICE_ORIGINS). Anything else would let a user make this server
 * send requests wherever they like (its own network included).
 */
export function isAllowedEndpoint(endpoint: string, extraOrigins: readonly string[]): boolean {
  const url = new URL(endpoint);
  if (extraOrigins.includes(url.origin)) return true;
  return (
    url.protocol === 'https:' &&
    url.port === '' &&
    BROWSER_PUSH_HOSTS.some((host) => host.test(url.hostname))
  );
}

/** Stores (or moves to the caller) one browser's subscription. */
export async function saveSubscription(options: {
  db: Db;
  caller: SessionUser;
  input: PushSubscriptionRequest;
  extraOrigins: readonly string[];
}): Promise<void> {
  const { db, caller, input, extraOrigins } = options;
  if (!isAllowedEndpoint(input.endpoint, extraOrigins)) {
    throw new AppError('bad_request', 'endpoint is not a push service this server sends to');
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({
        userId: caller.id,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId: caller.id,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          createdAt: sql`now()`,
        },
      });
    await tx.execute(sql`
      delete from ${pushSubscriptions}
      where ${pushSubscriptions.userId} = ${caller.id}
        and ${pushSubscriptions.id} not in (
          select id from ${pushSubscriptions}
          where ${pushSubscriptions.userId} = ${caller.id}
          order by ${pushSubscriptions.createdAt} desc, ${pushSubscriptions.id} desc
          limit ${MAX_SUBSCRIPTIONS_PER_USER}
        )`);
  });
}

import { z } from 'zod';
import { pushKeySchema, type PushSubscriptionRequest } from '../../../../shared/api/push';
import { apiGet, apiPost } from '../../../lib/api-client';

/** The server's VAPID public key, for pushManager.subscribe. */
export async function fetchPushKey(): Promise<string> {
  return (await apiGet('/api/push/key', pushKeySchema)).publicKey;
}

/** Tells the server where to push this browser's notifications. */
export async function saveSubscription(subscription: PushSubscriptionRequest): Promise<void> {
  await apiPost('/api/push/subscriptions', subscription, z.undefined());
}

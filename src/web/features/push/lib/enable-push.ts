import type { PushSubscriptionRequest } from '../../../../shared/api/push';
import { fetchPushKey, saveSubscription } from '../api/push-subscriptions';

const DISMISSED_KEY = 'agentchat.push-prompt-dismissed';

/** Whether this browser can take Web Push at all (an installed service worker included). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The prompt is for a browser that has not been asked yet, and a customer who did not say no. */
export function shouldOfferPush(): boolean {
  if (!pushSupported() || Notification.permission !== 'default') return false;
  try {
    return localStorage.getItem(DISMISSED_KEY) === null;
  } catch {
    return true;
  }
}

export function dismissPushOffer(): void {
  try {
    localStorage.setItem(DISMISSED_KEY, new Date().toISOString());
  } catch {
    // Private mode without storage: the prompt comes back next time, which is all it costs.
  }
}

/** The VAPID key (base64url) as the bytes pushManager.subscribe wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export type EnablePushResult = 'subscribed' | 'denied';

/**
 * Asks for permission, subscribes this browser with the server's key through the app's service
 * worker, and hands the subscription to the server. Throws when any step fails.
 */
export async function enablePush(): Promise<EnablePushResult> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const [registration, publicKey] = await Promise.all([
    navigator.serviceWorker.ready,
    fetchPushKey(),
  ]);
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  await saveSubscription(subscription.toJSON() as PushSubscriptionRequest);
  return 'subscribed';
}

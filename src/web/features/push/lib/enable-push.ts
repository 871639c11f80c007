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

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, i) => byte === b[i]);
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
  const key = keyBytes(publicKey);
  // A subscription made with another key (the server's pair was rotated) cannot be pushed to.
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  await saveSubscription(subscription.toJSON() as PushSubscriptionRequest);
  return 'subscribed';
}

let refreshed = false;

/**
 * Where notifications are already allowed, hands this browser's subscription (made anew if the
 * server's key changed) to the server once per page load: the server may have dropped it (a
 * push service's 410, a rotated key). Failures are left for the next load.
 */
export function refreshPushSubscription(): void {
  if (refreshed || !pushSupported() || Notification.permission !== 'granted') return;
  refreshed = true;
  void enablePush().catch(() => undefined);
}

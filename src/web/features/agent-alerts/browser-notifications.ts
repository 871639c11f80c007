import { useCallback, useSyncExternalStore } from 'react';
import { getChatSession } from '../chat-sessions/api/get-chat-session';
import type { AlertItem } from './alert-store';
import { customerName } from './customer-name';

export type PermissionState = NotificationPermission | 'unsupported';

/** Where notifications come from; tests put a fake here. */
export interface NotificationHost {
  Notification: typeof Notification | undefined;
  isHidden(): boolean;
  focus(): void;
}

export const browserHost: NotificationHost = {
  get Notification() {
    return typeof Notification === 'undefined' ? undefined : Notification;
  },
  isHidden: () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
  focus: () => window.focus(),
};

/** A long message is cut here: a notification shows a few lines at most. */
const PREVIEW_MAX = 140;

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_MAX ? `${flat.slice(0, PREVIEW_MAX - 1)}…` : flat;
}

/** What the notification says: who, and the message's text (a photo shows as "Photo"). */
export function notificationContent(
  item: AlertItem,
  name: string,
): { title: string; body: string } {
  if (item.kind === 'chat') return { title: `New chat from ${name}`, body: '' };
  return { title: `New message from ${name}`, body: item.text ? preview(item.text) : 'Photo' };
}

/** One tag per chat: a newer notification replaces the older one for the same chat. */
export const notificationTag = (sessionId: number) => `agentchat-chat-${sessionId}`;

export function canNotify(host: NotificationHost = browserHost): boolean {
  return host.Notification?.permission === 'granted' && host.isHidden();
}

/** The customer's name for a message whose session no event has shown yet. */
async function lookUpName(sessionId: number): Promise<string> {
  try {
    return customerName((await getChatSession(sessionId)).customer);
  } catch {
    return 'a customer';
  }
}

/**
 * A browser notification for a new item, only when the agent allowed them and is looking at
 * another tab or app. Clicking it brings this window forward and opens the chat.
 */
export async function notifyAgent(
  item: AlertItem,
  open: (sessionId: number) => void,
  host: NotificationHost = browserHost,
): Promise<Notification | null> {
  if (!canNotify(host)) return null;
  const name = item.customerName ?? (await lookUpName(item.sessionId));
  const Ctor = host.Notification;
  if (!Ctor || !canNotify(host)) return null;
  const { title, body } = notificationContent(item, name);
  try {
    const notification = new Ctor(title, {
      body: body || undefined,
      tag: notificationTag(item.sessionId),
    });
    notification.onclick = (event) => {
      event.preventDefault();
      host.focus();
      open(item.sessionId);
      notification.close();
    };
    return notification;
  } catch {
    // Some mobile browsers allow notifications only from a service worker.
    return null;
  }
}

const permissionListeners = new Set<() => void>();

function readPermission(): PermissionState {
  return browserHost.Notification?.permission ?? 'unsupported';
}

/** The page's notification permission, and asking for it (from a click: browsers require one). */
export function useNotificationPermission(): {
  permission: PermissionState;
  request: () => Promise<PermissionState>;
} {
  const permission = useSyncExternalStore((listener) => {
    permissionListeners.add(listener);
    return () => permissionListeners.delete(listener);
  }, readPermission);
  const request = useCallback(async (): Promise<PermissionState> => {
    const Ctor = browserHost.Notification;
    if (!Ctor) return 'unsupported';
    try {
      await Ctor.requestPermission();
    } catch {
      // Refused or unsupported: the permission read below says what stands.
    }
    for (const listener of permissionListeners) listener();
    return readPermission();
  }, []);
  return { permission, request };
}

import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import type { PushPayload } from '../../shared/api/push';

const SOURCE = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../../public/push-sw.js'),
  'utf8',
);
const ORIGIN = 'https://desk.example';

type Listener = (event: unknown) => void;

/** public/push-sw.js run in a service worker's global scope made of fakes. */
function loadWorker(windows: { url: string }[] = []) {
  const listeners = new Map<string, Listener>();
  const clients = windows.map((w) => ({ ...w, focus: vi.fn(async () => w) }));
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: {
      matchAll: vi.fn(async () => clients),
      openWindow: vi.fn(async () => null),
    },
  };
  vm.runInNewContext(SOURCE, { self, URL });
  /** Dispatches an event and waits for what it handed to waitUntil. */
  const dispatch = async (type: string, init: object) => {
    let waited: Promise<unknown> | undefined;
    listeners.get(type)!({ ...init, waitUntil: (p: Promise<unknown>) => (waited = p) });
    await waited;
    return waited !== undefined;
  };
  return { self, clients, dispatch };
}

const payload: PushPayload = {
  title: 'AgentChat: your agent replied',
  body: 'Send it to the address below',
  url: '/chat/42',
  tag: 'chat-42',
};
const pushData = (value: unknown) => ({
  json: () => (typeof value === 'string' ? JSON.parse(value) : value),
});

describe('the service worker’s Web Push handlers', () => {
  it('shows the pushed notification with its chat to open', async () => {
    const { self, dispatch } = loadWorker();
    expect(await dispatch('push', { data: pushData(payload) })).toBe(true);
    expect(self.registration.showNotification).toHaveBeenCalledWith(payload.title, {
      body: payload.body,
      tag: 'chat-42',
      renotify: true,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { url: '/chat/42' },
    });
  });

  it('shows nothing for a push without a readable payload', async () => {
    const { self, dispatch } = loadWorker();
    expect(await dispatch('push', { data: null })).toBe(false);
    expect(await dispatch('push', { data: pushData('not json{') })).toBe(false);
    expect(await dispatch('push', { data: pushData({ body: 'no title' }) })).toBe(false);
    expect(self.registration.showNotification).not.toHaveBeenCalled();
  });

  it('keeps a notification’s link on this site', async () => {
    const { self, dispatch } = loadWorker();
    await dispatch('push', { data: pushData({ ...payload, url: 'https://evil.example/chat/42' }) });
    expect(self.registration.showNotification).toHaveBeenCalledWith(
      payload.title,
      expect.objectContaining({ data: { url: '/' } }),
    );
  });

  it('on a click, focuses the tab that shows the chat', async () => {
    const { self, clients, dispatch } = loadWorker([
      { url: `${ORIGIN}/chat/7` },
      { url: `${ORIGIN}/chat/42` },
    ]);
    const close = vi.fn();
    await dispatch('notificationclick', { notification: { close, data: { url: '/chat/42' } } });
    expect(close).toHaveBeenCalled();
    expect(clients[1]!.focus).toHaveBeenCalled();
    expect(clients[0]!.focus).not.toHaveBeenCalled();
    expect(self.clients.openWindow).not.toHaveBeenCalled();
  });

  it('on a click with no tab showing the chat, opens it', async () => {
    const { self, clients, dispatch } = loadWorker([{ url: `${ORIGIN}/chat/7` }]);
    await dispatch('notificationclick', {
      notification: { close: vi.fn(), data: { url: '/chat/42' } },
    });
    expect(clients[0]!.focus).not.toHaveBeenCalled();
    expect(self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/chat/42`);
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlertItem } from './alert-store';
import {
  canNotify,
  notificationContent,
  notifyAgent,
  type NotificationHost,
} from './browser-notifications';
import { stubApi } from '../../testing/api-stub';
import { makeSession } from '../../testing/fixtures';

class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static readonly shown: FakeNotification[] = [];
  static requestPermission = vi.fn(async () => FakeNotification.permission);
  onclick: ((event: Event) => void) | null = null;
  close = vi.fn();
  constructor(
    readonly title: string,
    readonly options: NotificationOptions = {},
  ) {
    FakeNotification.shown.push(this);
  }
}

function host(options: { hidden: boolean; permission?: NotificationPermission }) {
  FakeNotification.permission = options.permission ?? 'granted';
  return {
    Notification: FakeNotification as unknown as typeof Notification,
    isHidden: () => options.hidden,
    focus: vi.fn(),
  } satisfies NotificationHost;
}

const message: AlertItem = {
  kind: 'message',
  sessionId: 12,
  customerName: 'Ada Obi',
  text: 'Rate for 200 USDT?',
};

afterEach(() => {
  FakeNotification.shown.length = 0;
  vi.unstubAllGlobals();
});

describe('browser notifications', () => {
  it('notify only when permitted and the page is hidden', () => {
    expect(canNotify(host({ hidden: true }))).toBe(true);
    expect(canNotify(host({ hidden: false }))).toBe(false);
    expect(canNotify(host({ hidden: true, permission: 'default' }))).toBe(false);
    expect(canNotify(host({ hidden: true, permission: 'denied' }))).toBe(false);
    expect(canNotify({ Notification: undefined, isHidden: () => true, focus: () => {} })).toBe(
      false,
    );
  });

  it('shows nothing while the page is visible or permission is not granted', async () => {
    const open = vi.fn();
    expect(await notifyAgent(message, open, host({ hidden: false }))).toBeNull();
    expect(await notifyAgent(message, open, host({ hidden: true, permission: 'denied' }))).toBe(
      null,
    );
    expect(FakeNotification.shown).toHaveLength(0);
  });

  it('says who wrote and what, tagged per chat so they collapse', async () => {
    await notifyAgent(message, vi.fn(), host({ hidden: true }));
    await notifyAgent({ ...message, text: 'Second' }, vi.fn(), host({ hidden: true }));
    await notifyAgent(
      { kind: 'chat', sessionId: 13, customerName: 'Bayo Ade' },
      vi.fn(),
      host({ hidden: true }),
    );
    expect(FakeNotification.shown.map((n) => [n.title, n.options.body, n.options.tag])).toEqual([
      ['New message from Ada Obi', 'Rate for 200 USDT?', 'agentchat-chat-12'],
      ['New message from Ada Obi', 'Second', 'agentchat-chat-12'],
      ['New chat from Bayo Ade', undefined, 'agentchat-chat-13'],
    ]);
  });

  it('shows a photo as "Photo", and cuts a long text', () => {
    expect(notificationContent({ ...message, text: null }, 'Ada').body).toBe('Photo');
    const long = notificationContent({ ...message, text: 'a'.repeat(500) }, 'Ada').body;
    expect(long).toHaveLength(140);
    expect(long.endsWith('…')).toBe(true);
  });

  it('looks up the customer when no event named them', async () => {
    const calls = stubApi({ 'GET /api/chat-sessions/12': { body: makeSession({ id: 12 }) } });
    await notifyAgent({ ...message, customerName: null }, vi.fn(), host({ hidden: true }));
    expect(calls.map((c) => c.path)).toEqual(['/api/chat-sessions/12']);
    expect(FakeNotification.shown[0]!.title).toBe('New message from Ada Obi');
  });

  it('clicking it focuses the window and opens the chat', async () => {
    const h = host({ hidden: true });
    const open = vi.fn();
    await notifyAgent(message, open, h);
    const shown = FakeNotification.shown[0]!;
    shown.onclick!(new Event('click'));
    expect(h.focus).toHaveBeenCalled();
    expect(open).toHaveBeenCalledWith(12);
    expect(shown.close).toHaveBeenCalled();
  });

  it('fails silently where the page may not make notifications (some mobile browsers)', async () => {
    const Refusing = Object.assign(
      function Refusing() {
        throw new TypeError('Illegal constructor');
      },
      { permission: 'granted' },
    );
    const h = {
      Notification: Refusing as unknown as typeof Notification,
      isHidden: () => true,
      focus: vi.fn(),
    };
    expect(await notifyAgent(message, vi.fn(), h)).toBeNull();
  });
});

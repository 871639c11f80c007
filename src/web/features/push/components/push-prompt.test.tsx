// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AGENT_PUSH_PROMPT_TEXT, PUSH_PROMPT_TEXT } from '../../../../shared/api/push';
import { stubApi } from '../../../testing/api-stub';
import { AGENT_ID, makeMessage } from '../../../testing/fixtures';
import { messageKeys } from '../../messages';
import { AgentPushPrompt, useAgentPushOffer } from './agent-push-prompt';
import { PushPrompt } from './push-prompt';

// A real P-256 public key's shape: 65 bytes, base64url.
const PUBLIC_KEY = `B${'A'.repeat(86)}`;
const SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  expirationTime: null,
  keys: { p256dh: `B${'x'.repeat(86)}`, auth: 'y'.repeat(22) },
};

function fakeBrowser(
  permission: NotificationPermission,
  answer: NotificationPermission,
  existing: {
    options: { applicationServerKey: ArrayBuffer };
    unsubscribe: () => void;
  } | null = null,
) {
  const subscribe = vi.fn(async () => ({ toJSON: () => SUBSCRIPTION }));
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal('Notification', { permission, requestPermission });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      ready: Promise.resolve({
        pushManager: { getSubscription: vi.fn(async () => existing), subscribe },
      }),
    },
  });
  return { subscribe, requestPermission };
}

function renderPrompt(messages = [makeMessage({ id: 1, chatSessionId: 7 })]) {
  const client = new QueryClient();
  client.setQueryData(messageKeys.messages(7), messages);
  render(
    <QueryClientProvider client={client}>
      <PushPrompt sessionId={7} />
    </QueryClientProvider>,
  );
  return client;
}

describe('PushPrompt', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('waits for the customer’s first message', async () => {
    fakeBrowser('default', 'granted');
    const client = renderPrompt([makeMessage({ id: 1, senderRole: 'agent', senderId: AGENT_ID })]);
    expect(screen.queryByText(PUSH_PROMPT_TEXT)).toBeNull();
    act(() =>
      client.setQueryData(messageKeys.messages(7), [
        makeMessage({ id: 1, senderRole: 'agent', senderId: AGENT_ID }),
        makeMessage({ id: 2 }),
      ]),
    );
    expect(await screen.findByText(PUSH_PROMPT_TEXT)).toBeTruthy();
  });

  it('subscribes with the server’s key and hands the subscription to the server', async () => {
    const { subscribe, requestPermission } = fakeBrowser('default', 'granted');
    const calls = stubApi({
      'GET /api/push/key': { body: { publicKey: PUBLIC_KEY } },
      'POST /api/push/subscriptions': { status: 204 },
    });
    renderPrompt();
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(screen.queryByText(PUSH_PROMPT_TEXT)).toBeNull());
    expect(requestPermission).toHaveBeenCalled();
    const options = (subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit])[0];
    expect(options.userVisibleOnly).toBe(true);
    const key = options.applicationServerKey as Uint8Array;
    expect(key.length).toBe(65);
    expect(key[0]).toBe(0x04);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual(SUBSCRIPTION);
  });

  it('replaces a subscription made with another key (a rotated pair)', async () => {
    const unsubscribe = vi.fn(async () => true);
    const { subscribe } = fakeBrowser('default', 'granted', {
      options: { applicationServerKey: new Uint8Array(65).fill(9).buffer },
      unsubscribe,
    });
    const calls = stubApi({
      'GET /api/push/key': { body: { publicKey: PUBLIC_KEY } },
      'POST /api/push/subscriptions': { status: 204 },
    });
    renderPrompt();
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(screen.queryByText(PUSH_PROMPT_TEXT)).toBeNull());
    expect(unsubscribe).toHaveBeenCalled();
    expect(subscribe).toHaveBeenCalled();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual(SUBSCRIPTION);
  });

  it('says so when subscribing fails, and offers it again', async () => {
    fakeBrowser('default', 'granted');
    stubApi({
      'GET /api/push/key': { body: { publicKey: PUBLIC_KEY } },
      'POST /api/push/subscriptions': { status: 503, body: { error: 'Try again later' } },
    });
    renderPrompt();
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Notifications could not be turned on. Try again.',
    );
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeTruthy();
  });

  it('where notifications are allowed already, hands the subscription to the server again', async () => {
    const { requestPermission } = fakeBrowser('granted', 'granted');
    const calls = stubApi({
      'GET /api/push/key': { body: { publicKey: PUBLIC_KEY } },
      'POST /api/push/subscriptions': { status: 204 },
    });
    renderPrompt();
    expect(screen.queryByText(PUSH_PROMPT_TEXT)).toBeNull();
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual(SUBSCRIPTION));
    expect(requestPermission).toHaveBeenCalled();
  });

  it('hides for good when dismissed, and never shows once the browser was asked', () => {
    fakeBrowser('default', 'granted');
    renderPrompt();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByText(PUSH_PROMPT_TEXT)).toBeNull();
    renderPrompt();
    expect(screen.queryByText(PUSH_PROMPT_TEXT)).toBeNull();
    localStorage.clear();
    fakeBrowser('denied', 'denied');
    renderPrompt();
    expect(screen.queryByText(PUSH_PROMPT_TEXT)).toBeNull();
  });
});

/** The inbox's part: the screen holds the offer and shows the bar. */
function AgentInboxBar() {
  return <AgentPushPrompt offer={useAgentPushOffer()} />;
}

describe('AgentPushPrompt', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('offers new chats’ notifications and subscribes the agent’s browser', async () => {
    const { subscribe, requestPermission } = fakeBrowser('default', 'granted');
    const calls = stubApi({
      'GET /api/push/key': { body: { publicKey: PUBLIC_KEY } },
      'POST /api/push/subscriptions': { status: 204 },
    });
    render(<AgentInboxBar />);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(screen.queryByText(AGENT_PUSH_PROMPT_TEXT)).toBeNull());
    expect(requestPermission).toHaveBeenCalled();
    expect(subscribe).toHaveBeenCalled();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual(SUBSCRIPTION);
  });

  it('shows nothing once the browser was asked or the agent said not now', () => {
    fakeBrowser('default', 'granted');
    render(<AgentInboxBar />);
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByText(AGENT_PUSH_PROMPT_TEXT)).toBeNull();
    cleanup();
    render(<AgentInboxBar />);
    expect(screen.queryByText(AGENT_PUSH_PROMPT_TEXT)).toBeNull();
    localStorage.clear();
    fakeBrowser('denied', 'denied');
    render(<AgentInboxBar />);
    expect(screen.queryByText(AGENT_PUSH_PROMPT_TEXT)).toBeNull();
  });
});

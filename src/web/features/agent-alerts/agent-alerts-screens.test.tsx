// @vitest-environment jsdom
import { act, cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatSession } from '../../../shared/api/chat-sessions';
import { agentAlerts } from './alert-store';
import { SOUND_MUTED_KEY } from './sound-preference';
import { agentInboxRoutes } from '../../testing/agent-inbox-api';
import { stubApi } from '../../testing/api-stub';
import { conversationRoutes } from '../../testing/conversation-api';
import {
  makeCustomer,
  makeSession,
  makeUser,
  messageCreated,
  sessionCreated,
} from '../../testing/fixtures';
import { FakeSocket, goOnline, later } from '../../testing/fake-socket';
import { renderApp } from '../../testing/render-app';

// The screens are lazy chunks: the first render of each may take a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

class FakeAudioContext {
  static chimes = 0;
  state = 'running';
  currentTime = 0;
  destination = {};
  resume = () => Promise.resolve();
  createOscillator() {
    FakeAudioContext.chimes++;
    return {
      frequency: { setValueAtTime() {} },
      connect() {},
      start() {},
      stop() {},
    };
  }
  createGain() {
    return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect() {} };
  }
}

const agent = makeUser({ isAgent: true, firstName: 'Tunde', lastName: 'Agent' });
const bayo = { firstName: 'Bayo', lastName: 'Ade', email: 'bayo@example.com' };

/** The agent's inbox: the list, and chat 1 opened as a conversation (the first of `sessions`). */
function stubAgentApi(sessions: ChatSession[]) {
  return stubApi({
    ...conversationRoutes({
      user: agent,
      session: sessions[0] ?? makeSession({ id: 1 }),
      viewerSide: 'staff',
    }),
    ...agentInboxRoutes({ agent }),
    'GET /api/chat-sessions/all': () => ({ body: { items: sessions, nextCursor: null } }),
    // The inbox's customer panel, beside an open chat.
    'GET /api/admin/users/:id/payout-accounts': { body: [] },
  });
}

const badge = (sessionId: number) =>
  document.querySelector(`[data-session-id="${sessionId}"] [data-testid="unread-count"]`)
    ?.textContent ?? null;

// The inbox is a lazy chunk: loaded here once, its first render does not wait on a busy machine.
beforeAll(() => import('../../screens/agent-inbox/agent-chats-screen'), 60_000);

beforeEach(() => {
  FakeSocket.latest = null;
  FakeAudioContext.chimes = 0;
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.stubGlobal('scrollTo', vi.fn());
  agentAlerts.reset();
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('agent alerts on the agent screens', () => {
  it('counts customer messages per chat in the rows and the title, and opening a chat clears it', async () => {
    const assigned = makeSession({ id: 1, agentId: agent.id });
    stubAgentApi([assigned]);
    const app = renderApp('/agent/chats');
    await screen.findByTestId('chat-row');
    const socket = await goOnline();
    expect(document.title).toBe('Chats · AgentChat');

    socket.event(later(messageCreated(1, { content: 'Rate for 200 USDT?' })));
    socket.event(later(messageCreated(1, { content: 'Hello?' })));
    socket.event(later(messageCreated(1, { senderRole: 'agent' })));
    await waitFor(() => expect(badge(1)).toBe('2 unread'));
    expect(document.title).toBe('(2) Chats · AgentChat');

    // A new chat without an agent counts once, though it is unread and waiting both.
    socket.event(later(sessionCreated(makeSession({ id: 2, customer: makeCustomer(bayo) }))));
    await waitFor(() => expect(badge(2)).toBe('1 unread'));
    expect(document.title).toBe('(3) Chats · AgentChat');
    expect(JSON.parse(sessionStorage.getItem('agentchat.agent-alerts.unread')!).counts).toEqual({
      1: 2,
      2: 1,
    });

    fireEvent.click(document.querySelector('[data-session-id="1"] a')!);
    await waitFor(() => expect(app.currentPath()).toBe('/agent/chats/1'));
    await screen.findByTestId('chat-title');
    await waitFor(() => expect(agentAlerts.getSnapshot()).toEqual({ 2: 1 }));
    expect(document.title).toBe('(1) Ada Obi · AgentChat');

    // The open conversation's own messages do not count; the others still do. The chat opens
    // in the inbox, which keeps its socket.
    const conversationSocket = socket;
    conversationSocket.event(later(messageCreated(1)));
    conversationSocket.event(later(messageCreated(2)));
    expect(agentAlerts.getSnapshot()).toEqual({ 2: 1 });
    conversationSocket.event(later(messageCreated(2)));
    expect(agentAlerts.getSnapshot()).toEqual({ 2: 2 });
    await waitFor(() => expect(document.title).toBe('(2) Ada Obi · AgentChat'));
  });

  it('rings for a new item, at most once in 2 s, unless muted with the header toggle', async () => {
    // Well after any chime an earlier test rang (the page has one chime, as the app does).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
    stubAgentApi([makeSession({ id: 1, agentId: agent.id })]);
    renderApp('/agent/chats');
    await screen.findByTestId('chat-row');
    const socket = await goOnline();

    socket.event(later(messageCreated(1)));
    socket.event(later(messageCreated(1)));
    expect(FakeAudioContext.chimes).toBe(2); // one chime: two notes

    const toggle = screen.getByRole('button', { name: 'Mute notification sound' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    const unmute = screen.getByRole('button', { name: 'Unmute notification sound' });
    expect(unmute.getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem(SOUND_MUTED_KEY)).toBe('1');
    vi.setSystemTime(Date.now() + 5_000);
    socket.event(later(messageCreated(1)));
    expect(FakeAudioContext.chimes).toBe(2);
    expect(badge(1)).toBe('3 unread');
  });

  it('offers to enable notifications while the browser has not asked, and asks on click', async () => {
    const FakeNotification = {
      permission: 'default' as NotificationPermission,
      requestPermission: vi.fn(async () => {
        FakeNotification.permission = 'granted';
        return 'granted' as const;
      }),
    };
    vi.stubGlobal('Notification', FakeNotification);
    stubAgentApi([]);
    renderApp('/agent/chats');
    fireEvent.click(await screen.findByRole('button', { name: 'Enable notifications' }));
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Enable notifications' })).toBeNull(),
    );
  });

  it('notifies while the page is hidden; clicking the notification opens the chat', async () => {
    const shown: {
      title: string;
      options: NotificationOptions;
      onclick: ((event: Event) => void) | null;
    }[] = [];
    class FakeNotification {
      static permission: NotificationPermission = 'granted';
      onclick: ((event: Event) => void) | null = null;
      constructor(
        readonly title: string,
        readonly options: NotificationOptions,
      ) {
        shown.push(this as never);
      }
      close() {}
    }
    vi.stubGlobal('Notification', FakeNotification);
    stubAgentApi([makeSession({ id: 1, agentId: agent.id })]);
    const app = renderApp('/agent/chats');
    await screen.findByTestId('chat-row');
    expect(screen.queryByRole('button', { name: 'Enable notifications' })).toBeNull();
    const socket = await goOnline();

    socket.event(later(messageCreated(1, { content: 'Seen while visible' })));
    await waitFor(() => expect(badge(1)).toBe('1 unread'));
    expect(shown).toHaveLength(0);

    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    try {
      socket.event(later(sessionCreated(makeSession({ id: 1, agentId: agent.id }))));
      socket.event(later(messageCreated(1, { content: 'Are you there?' })));
      await waitFor(() => expect(shown).toHaveLength(2));
    } finally {
      delete (document as { visibilityState?: string }).visibilityState;
    }
    expect(shown.map((n) => [n.title, n.options.body, n.options.tag])).toEqual([
      ['New chat from Ada Obi', undefined, 'agentchat-chat-1'],
      ['New message from Ada Obi', 'Are you there?', 'agentchat-chat-1'],
    ]);
    vi.stubGlobal('focus', vi.fn());
    act(() => shown[1]!.onclick!({ preventDefault() {} } as never));
    await waitFor(() => expect(app.currentPath()).toBe('/agent/chats/1'));
    expect(window.focus).toHaveBeenCalled();
  });
});

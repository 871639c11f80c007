// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatSession } from '../../../shared/api/chat-sessions';
import { agentInboxRoutes } from '../../testing/agent-inbox-api';
import { type ApiCall, type ApiRoute, stubApi, UNAUTHORIZED } from '../../testing/api-stub';
import { AT, makeCustomer, makeSession, makeUser, UNMANAGED_RATES } from '../../testing/fixtures';
import { FakeSocket, goOnline, nextEventId } from '../../testing/fake-socket';
import { renderApp, TEST_CONFIG } from '../../testing/render-app';

// The screens are lazy chunks: the first render of each may take a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const agent = makeUser({ isAgent: true, firstName: 'Tunde', lastName: 'Agent' });

function page(items: ChatSession[], nextCursor: string | null = null) {
  return { body: { items, nextCursor } };
}

/** The agent's own figures for today, as the dashboard asks for them. */
const MY_DAY = {
  day: '2026-03-18',
  timeZone: 'Africa/Lagos',
  resolved: 0,
  firstResponses: 0,
  averageFirstResponseSeconds: null,
};

/** The agent's inbox (signed in, Online, no rates managed), the dashboard's calls and `extra`. */
function stubAgentApi(extra: Record<string, ApiRoute> = {}) {
  return stubApi({
    ...agentInboxRoutes({ agent }),
    'GET /api/service-metrics/me': () => ({ body: MY_DAY }),
    // The dashboard's My replies and team replies.
    'GET /api/canned-replies': { body: [] },
    ...extra,
  });
}

// The inbox and the dashboard are lazy chunks: loaded here once, their first render does not
// wait on a busy machine.
beforeAll(
  () =>
    Promise.all([
      import('./agent-chats-screen'),
      import('../agent-dashboard/agent-dashboard-screen'),
    ]),
  60_000,
);

beforeEach(() => {
  FakeSocket.latest = null;
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The query string of the last request for the chat list. */
function lastQuery(calls: readonly ApiCall[]): URLSearchParams {
  return calls.filter((c) => c.path === '/api/chat-sessions/all').at(-1)!.query;
}

describe('agent chat list screen', () => {
  it('asks agents to log in when nobody is logged in as one', async () => {
    stubApi({ 'GET /api/agent/user': () => UNAUTHORIZED });
    renderApp('/agent/chats');
    expect(await screen.findByText('Agent Login Required')).toBeTruthy();
  });

  it('shows the rates, the actions, loading and then the empty list', async () => {
    // The list waits until answered (it is asked again once the viewer is known, for Mine).
    const waiting: ((value: ReturnType<typeof page>) => void)[] = [];
    let answered: ReturnType<typeof page> | null = null;
    const answer = (value: ReturnType<typeof page>) => {
      answered = value;
      waiting.forEach((resolve) => resolve(value));
    };
    stubAgentApi({
      'GET /api/chat-sessions/all': () =>
        answered ?? new Promise((resolve) => waiting.push(resolve)),
    });
    renderApp('/agent');
    expect(await screen.findByText('Loading chats...')).toBeTruthy();
    expect(screen.getByTestId('rate-BTC').textContent).toBe('BTC: ₦1,550/USD (default)');
    expect(screen.getByTestId('rate-USDT').textContent).toBe('USDT: ₦1,600/USD (default)');
    const nav = screen.getByRole('navigation', { name: 'Agent' });
    expect(within(nav).getByRole('link', { name: 'Exchange Rates' }).getAttribute('href')).toBe(
      '/agent/exchange-rates',
    );
    // A plain agent: the admin screens would only answer 403.
    expect(within(nav).queryByRole('link', { name: 'Manage Agents' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Admin Dashboard' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe(
      '/agent/dashboard',
    );
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.getByText('Locked chats')).toBeTruthy();
    expect(screen.getByText('Archived')).toBeTruthy();
    answer(page([]));
    expect(await screen.findByText('No conversations')).toBeTruthy();
    expect(
      screen.getByText('Customer chats will appear here when they contact agents.'),
    ).toBeTruthy();
  });

  it('gives admins the Admin Dashboard and Manage Agents', async () => {
    stubAgentApi({
      'GET /api/agent/user': () => ({ body: { ...agent, isAdmin: true } }),
      'GET /api/chat-sessions/all': () => page([]),
    });
    renderApp('/agent/chats');
    const nav = await screen.findByRole('navigation', { name: 'Agent' });
    expect(within(nav).getByRole('link', { name: 'Admin Dashboard' }).getAttribute('href')).toBe(
      '/agent/admin',
    );
    expect(within(nav).getByRole('link', { name: 'Manage Agents' }).getAttribute('href')).toBe(
      '/agent/management',
    );
  });

  it("shows each chat's desk, so one customer's Bitcoin and USDT chats are told apart", async () => {
    stubAgentApi({
      'GET /api/chat-sessions/all': () =>
        page([makeSession({ id: 2, category: 'usdt' }), makeSession({ id: 1 })]),
    });
    renderApp('/agent/chats');
    await waitFor(() => expect(screen.getAllByTestId('chat-row')).toHaveLength(2));
    expect(screen.getAllByTestId('chat-row-name').map((n) => n.textContent)).toEqual([
      'Ada Obi',
      'Ada Obi',
    ]);
    expect(screen.getAllByTestId('desk').map((b) => [b.textContent, b.dataset.tone])).toEqual([
      ['Desk: USDT', 'usdt'],
      ['Desk: BTC', 'btc'],
    ]);
  });

  it('says a search found nothing, naming it, rather than "No conversations"', async () => {
    stubAgentApi({
      'GET /api/chat-sessions/all': ({ query }) =>
        query.get('q') ? page([]) : page([makeSession()]),
    });
    renderApp('/agent/chats');
    await screen.findByTestId('chat-row');
    fireEvent.change(screen.getByPlaceholderText('Search or start a new chat'), {
      target: { value: 'zainab' },
    });
    expect(await screen.findByRole('heading', { name: 'No chats match “zainab”' })).toBeTruthy();
    expect(screen.queryByText('No conversations')).toBeNull();
  });

  it('filters by tab and searches on the server, loads more with the cursor', async () => {
    const calls = stubAgentApi({
      'GET /api/chat-sessions/all': ({ query }) => {
        const cursor = query.get('cursor');
        return cursor
          ? page([makeSession({ id: 1 })])
          : page([makeSession({ id: 3 }), makeSession({ id: 2 })], 'next-page');
      },
    });
    renderApp('/agent/chats');
    await waitFor(() => expect(screen.getAllByTestId('chat-row')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('chat-row')).toHaveLength(3));
    expect(lastQuery(calls).get('cursor')).toBe('next-page');

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Unread' }));
    await waitFor(() => expect(lastQuery(calls).get('filter')).toBe('unread'));
    fireEvent.change(screen.getByPlaceholderText('Search or start a new chat'), {
      target: { value: ' ada ' },
    });
    await waitFor(() => expect(lastQuery(calls).get('q')).toBe('ada'));
  });

  it('puts new chats and new messages at the top, and follows customer status, live', async () => {
    stubAgentApi({
      'GET /api/chat-sessions/all': () => page([makeSession({ id: 1, agentId: agent.id })]),
    });
    renderApp('/agent/chats');
    await screen.findByTestId('chat-row');
    const socket = await goOnline();
    await waitFor(() => expect(screen.getByTestId('connection-state').textContent).toBe('Online'));
    expect(document.title).toMatch(/^Chats/);

    const bayo = makeCustomer({
      id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      firstName: 'Bayo',
      lastName: 'Ade',
      email: 'bayo@example.com',
    });
    socket.receive({
      type: 'event',
      event: {
        id: nextEventId(),
        type: 'session.created',
        chatSessionId: 2,
        session: makeSession({ id: 2, customer: bayo }),
      },
    });
    await waitFor(() =>
      expect(screen.getAllByTestId('chat-row-name').map((n) => n.textContent)).toEqual([
        'Bayo Ade',
        'Ada Obi',
      ]),
    );
    expect(document.title).toMatch(/^\(1\) Chats/);

    socket.receive({
      type: 'event',
      event: {
        id: nextEventId(),
        type: 'message.created',
        chatSessionId: 1,
        message: {
          id: 9,
          chatSessionId: 1,
          senderId: makeCustomer().id,
          senderRole: 'customer',
          content: 'Rate for 200 USDT?',
          messageType: 'text',
          attachment: null,
          clientMessageId: '0b6f3c1e-5d8a-4f0e-9a53-2f7b1d9e8c40',
          createdAt: new Date().toISOString(),
        },
      },
    });
    await waitFor(() =>
      expect(screen.getAllByTestId('chat-row-name')[0]!.textContent).toBe('Ada Obi'),
    );
    expect(screen.getAllByTestId('chat-row-preview')[0]!.textContent).toBe('Rate for 200 USDT?');

    socket.receive({
      type: 'event',
      event: {
        id: nextEventId(),
        type: 'customer.updated',
        customer: { ...bayo, customerStatus: 'hold' },
      },
    });
    await waitFor(() =>
      expect(screen.getAllByTestId('customer-status').map((b) => b.textContent)).toEqual([
        'Active',
        'Hold',
      ]),
    );
  });
});

describe('agent dashboard screen', () => {
  it('counts and lists the active conversations with their badges', async () => {
    stubAgentApi({
      'GET /api/chat-sessions/active': () =>
        page([
          makeSession({ id: 8, category: 'payment', priority: 'high' }),
          makeSession({ id: 7, category: 'subscription', priority: 'low' }),
        ]),
      // Every active chat is counted by the server, not the 2 loaded on the first page.
      'GET /api/chat-sessions/active/count': () => ({ body: { count: 1234 } }),
      'GET /api/service-metrics/me': () => ({
        body: { ...MY_DAY, resolved: 3, firstResponses: 4, averageFirstResponseSeconds: 200 },
      }),
    });
    renderApp('/agent/dashboard');
    expect(await screen.findByRole('heading', { name: 'Agent Dashboard' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('active-chats-count').textContent).toBe('1,234'));
    // The spec's titles stay; each figure says what it counts, over which day, in which unit.
    await waitFor(() => expect(screen.getByTestId('resolved-today').textContent).toBe('3'));
    expect(screen.getByTestId('avg-response').textContent).toBe('3 min 20 s');
    expect(screen.getByText('Resolved Today')).toBeTruthy();
    expect(screen.getByText('Avg Response')).toBeTruthy();
    expect(screen.getByTestId('resolved-today-caption').textContent).toBe(
      'Chats you resolved, today (Lagos)',
    );
    expect(screen.getByTestId('avg-response-caption').textContent).toBe(
      'Avg first response, today (Lagos)',
    );
    const rows = screen.getAllByTestId('active-conversation');
    expect(rows[0]!.textContent).toContain('Customer #1234');
    expect(rows[0]!.textContent).toContain('Session #8');
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('/?chat=8');
    const tones = (id: string) =>
      screen.getAllByTestId(id).map((b) => [b.textContent, b.dataset.tone]);
    expect(tones('category')).toEqual([
      ['Payment', 'blue'],
      ['Subscription', 'green'],
    ]);
    expect(screen.queryByTestId('desk')).toBeNull();
    expect(tones('priority')).toEqual([
      ['High', 'red'],
      ['Low', 'grey'],
    ]);
    expect(screen.getByRole('button', { name: 'Break' })).toBeTruthy();
  });

  it("the inbox header's one switch shows the agent's availability, not the socket, and sets it", async () => {
    const calls = stubAgentApi({
      'GET /api/chat-sessions/all': () => page([]),
      'GET /api/availability/me': { body: { agentId: agent.id, state: 'break', since: AT } },
      'PUT /api/availability/me': ({ body }) => ({
        body: { agentId: agent.id, state: (body as { state: string }).state, since: AT },
      }),
    });
    renderApp('/agent/chats');
    const group = await screen.findByRole('radiogroup', { name: 'Availability' });
    const option = (name: string) => within(group).getByRole('radio', { name });
    await waitFor(() => expect(option('Break').getAttribute('aria-checked')).toBe('true'));
    // The socket connects: the header still says Break; the socket's state is no visible pill.
    await goOnline();
    await waitFor(() => expect(screen.getByTestId('connection-state').textContent).toBe('Online'));
    expect(screen.getByTestId('connection-state').className).toBe('sr-only');
    expect(option('Online').getAttribute('aria-checked')).toBe('false');

    fireEvent.click(option('Online'));
    await waitFor(() => expect(option('Online').getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(option('Offline'));
    await waitFor(() => expect(option('Offline').getAttribute('aria-checked')).toBe('true'));
    expect(
      calls.filter((c) => c.method === 'PUT').map((c) => (c.body as { state: string }).state),
    ).toEqual(['online', 'offline']);
  });

  it('Break sets the agent on Break, and pressed again back Online', async () => {
    const calls = stubAgentApi({
      'GET /api/chat-sessions/active': () => page([]),
      'GET /api/chat-sessions/active/count': () => ({ body: { count: 0 } }),
      'PUT /api/availability/me': ({ body }) => ({
        body: { agentId: agent.id, state: (body as { state: string }).state, since: AT },
      }),
    });
    renderApp('/agent/dashboard');
    const button = await screen.findByRole('button', { name: 'Break' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
    expect(
      calls.filter((c) => c.method === 'PUT').map((c) => (c.body as { state: string }).state),
    ).toEqual(['break', 'online']);
  });

  it("shows each active conversation's desk (BTC / USDT)", async () => {
    stubAgentApi({
      'GET /api/chat-sessions/active': () =>
        page([makeSession({ id: 8, category: 'usdt' }), makeSession({ id: 7 })]),
      'GET /api/chat-sessions/active/count': () => ({ body: { count: 2 } }),
    });
    renderApp('/agent/dashboard');
    await waitFor(() => expect(screen.getAllByTestId('active-conversation')).toHaveLength(2));
    expect(
      screen.getAllByTestId('active-conversation').map((row) => within(row).getByTestId('desk')),
    ).toSatisfy(
      (badges: HTMLElement[]) => badges.map((b) => b.textContent).join() === 'Desk: USDT,Desk: BTC',
    );
  });

  it('says "No active conversations" when there are none', async () => {
    stubAgentApi({
      'GET /api/chat-sessions/active': () => page([]),
      'GET /api/chat-sessions/active/count': () => ({ body: { count: 0 } }),
    });
    renderApp('/agent/dashboard');
    expect(await screen.findByText('No active conversations')).toBeTruthy();
  });

  it('refuses customers: "Access denied. Agent privileges required." and home', async () => {
    stubApi({
      'GET /api/agent/user': () => ({ status: 403, body: { error: 'Forbidden' } }),
      // Home, where the screen sends them.
      'GET /api/prices': { body: [] },
      'GET /api/exchange-rates': { body: UNMANAGED_RATES },
    });
    const app = renderApp('/agent/dashboard');
    expect(await screen.findByText('Access denied. Agent privileges required.')).toBeTruthy();
    await waitFor(() => expect(app.currentPath()).toBe('/'), { timeout: 2000 });
  });
});

describe('demo pages', () => {
  it('are the not-found page unless the server runs in demo mode', async () => {
    stubApi({});
    renderApp('/test-agent');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    cleanup();
    renderApp('/test-customer');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });

  it('/test-agent lists the demo sessions, searches by category, and filters open as unread', async () => {
    const customer = {
      id: makeCustomer().id,
      firstName: 'Test',
      lastName: 'Customer',
      email: 'test@demo.invalid',
      customerStatus: 'active' as const,
    };
    const demo = (id: number, category: 'bitcoin' | 'usdt', status: 'open' | 'active') => ({
      id,
      customerId: customer.id,
      agentId: null,
      category,
      status,
      priority: 'medium' as const,
      createdAt: '2026-03-18T08:00:00.000Z',
      updatedAt: '2026-03-18T08:00:00.000Z',
      customer,
    });
    stubApi({
      'GET /api/test/chat-sessions': () => ({
        body: [demo(2, 'usdt', 'active'), demo(1, 'bitcoin', 'open')],
      }),
    });
    renderApp('/test-agent', { ...TEST_CONFIG, demoMode: true });
    expect(await screen.findByText('Agent Chat Management')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('demo-session-row')).toHaveLength(2));
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Unread' }));
    await waitFor(() => expect(screen.getAllByTestId('demo-session-row')).toHaveLength(1));
    expect(screen.getByTestId('demo-session-row').textContent).toContain('Bitcoin');
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'All' }));
    fireEvent.change(screen.getByPlaceholderText('Search customers...'), {
      target: { value: 'USDT' },
    });
    await waitFor(() => expect(screen.getAllByTestId('demo-session-row')).toHaveLength(1));
    expect(screen.getByTestId('demo-session-row').textContent).toContain('USDT');
    fireEvent.change(screen.getByPlaceholderText('Search customers...'), {
      target: { value: 'nobody' },
    });
    expect(await screen.findByText('No conversations found')).toBeTruthy();
    expect(screen.getByText('Try adjusting your search')).toBeTruthy();
  });
});

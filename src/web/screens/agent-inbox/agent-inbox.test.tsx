// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatSession } from '../../../shared/api/chat-sessions';
import { agentInboxRoutes } from '../../testing/agent-inbox-api';
import { type ApiCall, stubApi } from '../../testing/api-stub';
import { conversationRoutes } from '../../testing/conversation-api';
import {
  makeCustomer,
  makeOrder,
  makePayoutAccount,
  makeSession,
  makeUser,
} from '../../testing/fixtures';
import { FakeSocket } from '../../testing/fake-socket';
import { renderApp } from '../../testing/render-app';

configure({ asyncUtilTimeout: 5000 });

const agent = makeUser({ isAgent: true, firstName: 'Tunde', lastName: 'Agent' });
const ada = makeCustomer({ createdAt: '2026-03-04T10:00:00.000Z' });
const bayo = makeCustomer({
  id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  firstName: 'Bayo',
  lastName: 'Ade',
  email: 'bayo@example.com',
  customerStatus: 'hold',
});
const chats: ChatSession[] = [
  makeSession({ id: 9, customer: bayo, category: 'usdt' }),
  makeSession({ id: 8, customer: ada }),
  makeSession({ id: 7, customer: ada, category: 'usdt' }),
];
const chatById = (id: string) => chats.find((c) => String(c.id) === id);

/**
 * The inbox's calls: the agent's header and rates strip, the list, each chat as a conversation (its messages, receipts, the
 * agent's canned replies…) and its customer's chats, orders, accounts.
 */
function stubInbox(): ApiCall[] {
  const conversations = chats.map((session) =>
    conversationRoutes({ user: agent, session, viewerSide: 'staff' }),
  );
  return stubApi({
    ...Object.assign({}, ...conversations),
    ...agentInboxRoutes({ agent }),
    'GET /api/chat-sessions/all': ({ query }) => {
      const customerId = query.get('customerId');
      const items = customerId ? chats.filter((c) => c.customerId === customerId) : chats;
      return { body: { items, nextCursor: null } };
    },
    'GET /api/chat-sessions/:id': ({ params }) =>
      chatById(params.id!)
        ? { body: chatById(params.id!) }
        : { status: 404, body: { error: 'Chat not found' } },
    'GET /api/chat-sessions/:id/messages': { body: { items: [], nextCursor: null } },
    'GET /api/chat-sessions/:id/transactions': { body: [] },
    'GET /api/orders': ({ query }) => ({
      body: {
        items:
          query.get('customerId') === ada.id
            ? [
                makeOrder({
                  id: 31,
                  chatSessionId: 8,
                  customerId: ada.id,
                  reference: 'AC-ADA00001',
                }),
              ]
            : [],
        nextCursor: null,
      },
    }),
    'GET /api/admin/users/:id/payout-accounts': ({ params }) => ({
      body:
        params.id === ada.id
          ? [
              {
                ...makePayoutAccount({ accountNumber: '0123456785' }),
                pending: false,
                alsoSavedBy: [
                  { customerId: '22222222-2222-4222-8222-222222222222', name: 'Bola Ade' },
                ],
              },
            ]
          : [],
    }),
    'POST /api/chat-sessions/:id/resolve': ({ params }) => ({
      body: { ...chatById(params.id!)!, status: 'closed', resolvedAt: new Date().toISOString() },
    }),
    'PATCH /api/admin/users/:id/customer-status': ({ body }) => ({
      body: { ...ada, customerStatus: (body as { status: string }).status },
    }),
  });
}

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
}

const panel = () => screen.getByRole('complementary', { name: 'Customer' });
const row = (id: number) =>
  screen.getAllByTestId('chat-row').find((r) => r.dataset.sessionId === String(id))!;

// The inbox is a lazy chunk: loaded here once, its first render does not wait on a busy machine.
beforeAll(() => import('./agent-chats-screen'), 60_000);

beforeEach(() => {
  FakeSocket.latest = null;
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('scrollTo', vi.fn());
  // jsdom lays nothing out: scrolling a row into view is a no-op there.
  Element.prototype.scrollIntoView = vi.fn();
  setWidth(1280);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setWidth(1024);
});

describe("the agents' inbox on a wide screen", () => {
  it("opens /agent/chats/:id beside the list, with its customer's panel", async () => {
    const calls = stubInbox();
    const app = renderApp('/agent/chats/8');
    await within(await screen.findByRole('complementary', { name: 'Customer' })).findByTestId(
      'panel-customer-name',
    );
    expect(screen.getAllByTestId('chat-row')).toHaveLength(3);
    expect(row(8).querySelector('a')!.getAttribute('aria-current')).toBe('page');
    expect(row(9).querySelector('a')!.getAttribute('aria-current')).toBeNull();
    expect((await screen.findByTestId('chat-title')).textContent).toBe('Ada Obi');
    // On a wide screen the list is beside the chat: no back link to it.
    expect(screen.getByRole('link', { name: 'Back to chats' }).className.split(' ')).toContain(
      'lg:hidden',
    );

    const p = panel();
    expect(within(p).getByTestId('panel-customer-name').textContent).toBe('Ada Obi');
    expect(within(p).getByTestId('panel-customer-email').textContent).toBe(ada.email);
    expect(within(p).getByTestId('panel-customer-joined').textContent).toBe('4 Mar 2026');
    expect(within(p).getByTestId('customer-status').textContent).toBe('Active');
    // Her two chats, the open one marked; her order opens its chat; her account in full, with
    // the other customer who saved it.
    const herChats = await within(p).findAllByTestId('customer-chat');
    expect(herChats.map((c) => c.dataset.sessionId)).toEqual(['8', '7']);
    expect(within(herChats[0]!).getByRole('link').getAttribute('aria-current')).toBe('page');
    const order = await within(p).findByTestId('customer-order');
    expect(order.textContent).toContain('AC-ADA00001');
    expect(within(order).getByRole('link').getAttribute('href')).toBe('/agent/chats/8');
    const account = await within(p).findByTestId('customer-payout-account');
    expect(within(account).getByTestId('payout-account-number').textContent).toBe('0123456785');
    expect(within(account).getByTestId('payout-account-verified').textContent).toBe(
      'Name verified',
    );
    expect(within(account).getByRole('note').textContent).toMatch(
      /Also saved by another customer: Bola Ade/,
    );
    expect(calls.some((c) => c.path === `/api/admin/users/${ada.id}/payout-accounts`)).toBe(true);
    expect(
      calls.some((c) => c.path === '/api/orders' && c.query.get('customerId') === ada.id),
    ).toBe(true);
    // No notes are made up: the private notes' place stays empty until notes are given to it.
    expect(within(p).queryByRole('region', { name: 'Private notes' })).toBeNull();
    expect(app.currentPath()).toBe('/agent/chats/8');
  });

  it('moves between chats: the URL follows, the filter and search stay, the panel changes customer', async () => {
    const calls = stubInbox();
    const app = renderApp('/agent/chats');
    expect(await screen.findByRole('heading', { name: 'Choose a chat' })).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Unread' }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/api/chat-sessions/all')
          .at(-1)!
          .query.get('filter'),
      ).toBe('unread'),
    );
    const listCalls = () =>
      calls.filter((c) => c.path === '/api/chat-sessions/all' && !c.query.get('customerId')).length;
    const before = listCalls();

    fireEvent.click(within(row(9)).getAllByRole('link')[0]!);
    await waitFor(() => expect(app.currentPath()).toBe('/agent/chats/9'));
    await waitFor(() =>
      expect(within(panel()).getByTestId('panel-customer-name').textContent).toBe('Bayo Ade'),
    );
    expect(within(panel()).getByTestId('customer-status').textContent).toBe('Hold');

    fireEvent.click(within(row(8)).getAllByRole('link')[0]!);
    await waitFor(() => expect(app.currentPath()).toBe('/agent/chats/8'));
    await waitFor(() =>
      expect(within(panel()).getByTestId('panel-customer-name').textContent).toBe('Ada Obi'),
    );
    // The same list: still on Unread, not asked for again.
    expect(screen.getByRole('tab', { name: 'Unread' }).getAttribute('aria-selected')).toBe('true');
    expect(listCalls()).toBe(before);
  });

  it("changes the customer's status from the panel, with the status menu's call", async () => {
    const calls = stubInbox();
    renderApp('/agent/chats/8');
    const p = await screen.findByRole('complementary', { name: 'Customer' });
    const trigger = await within(p).findByRole('button', { name: 'Mark Customer As (Ada Obi)' });
    fireEvent.keyDown(trigger, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Paid' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH')).toMatchObject([
        { path: `/api/admin/users/${ada.id}/customer-status`, body: { status: 'paid' } },
      ]),
    );
    await waitFor(() =>
      expect(within(panel()).getByTestId('customer-status').textContent).toBe('Paid'),
    );
  });
});

describe("the inbox's filters", () => {
  it('Mine is a tab; Locked chats and Archived are the entries below, each a filter of the API', async () => {
    const calls = stubInbox();
    renderApp('/agent/chats');
    await screen.findAllByTestId('chat-row');
    const lastFilter = () =>
      calls
        .filter((c) => c.path === '/api/chat-sessions/all' && !c.query.get('customerId'))
        .at(-1)!
        .query.get('filter');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'All',
      'Mine',
      'Unread',
      'Active',
    ]);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Mine' }));
    await waitFor(() => expect(lastFilter()).toBe('mine'));
    const locked = screen.getByRole('button', { name: /^Locked chats/ });
    fireEvent.click(locked);
    await waitFor(() => expect(lastFilter()).toBe('locked'));
    expect(locked.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByRole('tab').some((t) => t.getAttribute('aria-selected') === 'true')).toBe(
      false,
    );
    const archived = screen.getByRole('button', { name: /^Archived/ });
    fireEvent.click(archived);
    await waitFor(() => expect(lastFilter()).toBe('archived'));
    expect(locked.getAttribute('aria-pressed')).toBe('false');
    // The open entry again: back to All (its page is still loaded).
    fireEvent.click(archived);
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true'),
    );
    expect(archived.getAttribute('aria-pressed')).toBe('false');
  });
});

describe("the agents' inbox on a phone", () => {
  it('shows one pane at a time: the open chat covers the list, which keeps its place', async () => {
    setWidth(390);
    stubInbox();
    const app = renderApp('/agent/chats');
    await screen.findAllByTestId('chat-row');
    expect(screen.queryByRole('heading', { name: 'Choose a chat' })).toBeNull();
    expect(screen.getByTestId('chat-list-pane').hasAttribute('inert')).toBe(false);
    fireEvent.click(within(row(9)).getAllByRole('link')[0]!);
    await waitFor(() => expect(app.currentPath()).toBe('/agent/chats/9'));
    expect((await screen.findByTestId('chat-title')).textContent).toBe('Bayo Ade');
    // Under the chat, the list is out of reach but still there, as it was.
    expect(screen.getByTestId('chat-list-pane').hasAttribute('inert')).toBe(true);
    expect(screen.getAllByTestId('chat-row')).toHaveLength(3);
    fireEvent.click(screen.getByRole('link', { name: 'Back to chats' }));
    await waitFor(() => expect(app.currentPath()).toBe('/agent/chats'));
    expect(screen.getByTestId('chat-list-pane').hasAttribute('inert')).toBe(false);
  });
});

describe("the inbox's keyboard shortcuts", () => {
  const press = (key: string, init: KeyboardEventInit = {}, target: Element = document.body) =>
    fireEvent.keyDown(target, { key, bubbles: true, ...init });

  it('j / k and Alt+↓ / Alt+↑ open the next and previous chat of the list', async () => {
    stubInbox();
    const app = renderApp('/agent/chats');
    await screen.findAllByTestId('chat-row');
    press('j');
    await waitFor(() => expect(app.currentPath()).toBe('/agent/chats/9'));
    press('j');
    await waitFor(() => expect(app.currentPath()).toBe('/agent/chats/8'));
    press('ArrowDown', { altKey: true });
    await waitFor(() => expect(app.currentPath()).toBe('/agent/chats/7'));
    // The last chat has no next one.
    press('j');
    press('k');
    await waitFor(() => expect(app.currentPath()).toBe('/agent/chats/8'));
    press('ArrowUp', { altKey: true });
    await waitFor(() => expect(app.currentPath()).toBe('/agent/chats/9'));
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
  });

  it('never fire while the agent types: in the search box or the reply box', async () => {
    stubInbox();
    const app = renderApp('/agent/chats/8');
    const reply = await screen.findByRole('textbox', { name: 'Message' });
    press('j', {}, screen.getByPlaceholderText('Search or start a new chat'));
    press('j', {}, reply);
    press('?', { shiftKey: true }, reply);
    press('c', {}, reply);
    press('r', {}, reply);
    press('ArrowDown', { altKey: true }, reply);
    expect(app.currentPath()).toBe('/agent/chats/8');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((reply as HTMLTextAreaElement).value).toBe('');
  });

  it('r focuses the reply box; c opens the canned replies by typing / there', async () => {
    stubInbox();
    renderApp('/agent/chats/8');
    const reply = (await screen.findByRole('textbox', { name: 'Message' })) as HTMLTextAreaElement;
    press('r');
    expect(document.activeElement).toBe(reply);
    expect(reply.value).toBe('');
    reply.blur();
    press('c');
    expect(document.activeElement).toBe(reply);
    await waitFor(() => expect(reply.value).toBe('/'));
    // After text, the / starts a new word, where the picker looks for it.
    fireEvent.change(reply, { target: { value: 'Hello' } });
    reply.setSelectionRange(5, 5);
    reply.blur();
    press('c');
    await waitFor(() => expect(reply.value).toBe('Hello /'));
  });

  it('e resolves the open chat with its own Resolve action; not while typing', async () => {
    const calls = stubInbox();
    renderApp('/agent/chats/8');
    const reply = await screen.findByRole('textbox', { name: 'Message' });
    await screen.findByRole('region', { name: 'Conversation actions' });
    press('e', {}, reply);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    press('e');
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
        '/api/chat-sessions/8/resolve',
      ]),
    );
    // Resolved: nothing left to resolve, so e does nothing more.
    await screen.findByRole('button', { name: 'Reopen' });
    press('e');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('? lists the shortcuts in a dialog', async () => {
    stubInbox();
    renderApp('/agent/chats');
    await screen.findAllByTestId('chat-row');
    press('?', { shiftKey: true });
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const listed = within(dialog)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(listed).toEqual([
      'Next chat',
      'Previous chat',
      'Resolve the chat',
      'Reply (focus the message box)',
      'Canned replies (types / in the message box)',
      'Show these shortcuts',
    ]);
    // Inside the dialog the shortcuts rest: j does not move the inbox behind it.
    press('j', {}, dialog);
    expect(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../shared/api/auth';
import { agentInboxRoutes } from '../../testing/agent-inbox-api';
import { type ApiCall, stubApi } from '../../testing/api-stub';
import { conversationRoutes } from '../../testing/conversation-api';
import { makeCustomer, makeSession, makeUser } from '../../testing/fixtures';
import { FakeSocket } from '../../testing/fake-socket';
import { renderApp } from '../../testing/render-app';

configure({ asyncUtilTimeout: 5000 });

const chidi = makeCustomer({
  firstName: 'Chidi',
  lastName: 'Okafor',
  email: null,
  whatsappNumber: '2348031112222',
});
const chat = makeSession({ id: 8, customer: chidi });

/** The desk open on Chidi's WhatsApp chat, for `staff`. */
function stubInbox(staff: User): ApiCall[] {
  return stubApi({
    ...conversationRoutes({ user: staff, session: chat, viewerSide: 'staff' }),
    ...agentInboxRoutes({ agent: staff }),
    'GET /api/chat-sessions/all': { body: { items: [chat], nextCursor: null } },
    'GET /api/chat-sessions/:id': { body: chat },
    'GET /api/chat-sessions/:id/messages': { body: { items: [], nextCursor: null } },
    'GET /api/chat-sessions/:id/transactions': { body: [] },
    'GET /api/orders': { body: { items: [], nextCursor: null } },
    'GET /api/admin/users/:id/payout-accounts': { body: [] },
    'GET /api/channels/whatsapp/chats/8': {
      body: { waId: '2348031112222', windowEndsAt: null, canReengage: false, deliveries: [] },
    },
    'POST /api/admin/users/:id/erase': {
      body: { erased: true, retainedUntil: '2032-11-29T10:00:00.000Z' },
    },
  });
}

const panel = () => screen.getByRole('complementary', { name: 'Customer' });

beforeAll(() => import('./agent-chats-screen'), 60_000);

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('scrollTo', vi.fn());
  Element.prototype.scrollIntoView = vi.fn();
  Object.defineProperty(window, 'innerWidth', { value: 1280, configurable: true });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Object.defineProperty(window, 'innerWidth', { value: 1024, configurable: true });
});

describe("erasing a customer from the desk's panel", () => {
  it('an admin erases a WhatsApp customer after a dialog naming them and their number', async () => {
    const admin = makeUser({ isAgent: true, isAdmin: true, firstName: 'Ada', lastName: 'Admin' });
    const calls = stubInbox(admin);
    renderApp('/agent/chats/8');
    await within(await screen.findByRole('complementary', { name: 'Customer' })).findByTestId(
      'panel-customer-name',
    );
    fireEvent.click(await within(panel()).findByRole('button', { name: 'Erase customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase Chidi Okafor?' });
    expect(within(dialog).getByTestId('confirm-customer').textContent).toBe('Chidi Okafor');
    expect(within(dialog).getByTestId('confirm-whatsapp').textContent).toBe('+234 803 111 2222');
    // Cancel erases nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.path.endsWith('/erase'))).toEqual([]);

    fireEvent.click(within(panel()).getByRole('button', { name: 'Erase customer' }));
    const again = await screen.findByRole('dialog', { name: 'Erase Chidi Okafor?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Erase customer' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST' && c.path.endsWith('/erase'))).toMatchObject([
        { path: `/api/admin/users/${chidi.id}/erase`, body: { confirm: 'ERASE' } },
      ]),
    );
    expect(await screen.findByText('Customer erased')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('an agent who is not an admin is not offered it', async () => {
    stubInbox(makeUser({ isAgent: true, firstName: 'Tunde', lastName: 'Agent' }));
    renderApp('/agent/chats/8');
    await within(await screen.findByRole('complementary', { name: 'Customer' })).findByTestId(
      'panel-customer-name',
    );
    expect(within(panel()).queryByRole('button', { name: 'Erase customer' })).toBeNull();
    expect(within(panel()).queryByRole('region', { name: 'Data rights' })).toBeNull();
  });
});

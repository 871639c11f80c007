// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../testing/api-stub';
import { conversationRoutes } from '../testing/conversation-api';
import { makeSession, makeUser } from '../testing/fixtures';
import { renderApp } from '../testing/render-app';

// Screens are lazy chunks: the first render of each may take a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

/** A socket that never opens: these tests are about where links lead, not live updates. */
class SilentSocket {
  static readonly OPEN = 1;
  readyState = 0;
  onmessage = null;
  onclose = null;
  onerror = null;
  onopen = null;
  send() {}
  close() {}
}

const customer = makeUser();
const session = makeSession({ id: 7 });
const EMPTY_PAGE = { body: { items: [], nextCursor: null } };

beforeEach(() => {
  vi.stubGlobal('WebSocket', SilentSocket);
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the customer's way to their Trading History", () => {
  beforeEach(() => {
    stubApi({
      ...conversationRoutes({ user: customer, session }),
      'GET /api/chat-sessions': () => EMPTY_PAGE,
      'GET /api/transactions/customer': () => EMPTY_PAGE,
    });
  });

  it('goes from /trade to /trading-history, their own', async () => {
    const app = renderApp('/trade');
    fireEvent.click(await screen.findByRole('link', { name: 'Trading History' }));
    await waitFor(() => expect(app.currentPath()).toBe('/trading-history'));
    expect(await screen.findByText('No Trading History')).toBeTruthy();
    expect(screen.getByText('Your trades with our agents will appear here.')).toBeTruthy();
  });

  it('goes from the chat to /trading-history', async () => {
    const app = renderApp('/chat/7');
    const header = (await screen.findByTestId('chat-title')).closest('header')!;
    fireEvent.click(within(header).getByRole('link', { name: 'Trading History' }));
    await waitFor(() => expect(app.currentPath()).toBe('/trading-history'));
    expect(await screen.findByText('No Trading History')).toBeTruthy();
  });
});

describe('/agent/trading-history', () => {
  it('is the agents’ history screen', async () => {
    stubApi({ 'GET /api/agent/user': () => ({ body: makeUser({ isAgent: true }) }) });
    renderApp('/agent/trading-history');
    expect(await screen.findByRole('heading', { name: 'Choose a customer' })).toBeTruthy();
  });
});

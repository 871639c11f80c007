// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { isValidElement } from 'react';
import { matchRoutes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from './routes';
import { toastStore } from '../lib/toast';
import { json, stubApi, UNAUTHORIZED } from '../testing/api-stub';
import { makeUser } from '../testing/fixtures';
import { renderApp } from '../testing/render-app';

// The chat screen that /?chat={id} opens is a lazy chunk: loaded here once, its first render
// does not wait on a busy machine.
beforeAll(() => import('../screens/customer-chat/chat-session-screen'), 60_000);

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  stubApi({ 'GET /api/prices': { body: [] }, 'GET /api/auth/user': UNAUTHORIZED });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Every route of the spec's route table, with a sample for its parameters. */
const SPEC_ROUTES = [
  ['/', '/'],
  ['/trade', '/trade'],
  ['/chat', '/chat'],
  ['/chat/:sessionId', '/chat/42'],
  ['/agent/login', '/agent/login'],
  ['/agent', '/agent'],
  ['/agent/chats', '/agent/chats'],
  ['/agent/dashboard', '/agent/dashboard'],
  ['/agent/admin', '/agent/admin'],
  ['/admin-dashboard', '/admin-dashboard'],
  ['/agent/management', '/agent/management'],
  ['/agent/exchange-rates', '/agent/exchange-rates'],
  ['/exchange-rates', '/exchange-rates'],
  ['/agent/trading-history', '/agent/trading-history'],
  ['/trading-history', '/trading-history'],
  ['/agent/transaction/:sessionId', '/agent/transaction/7'],
  ['/transaction/:sessionId', '/transaction/7'],
  ['/admin/setup', '/admin/setup'],
  ['/test-agent', '/test-agent'],
  ['/test-customer', '/test-customer'],
  ['/api/login', '/api/login'],
  ['/api/logout', '/api/logout'],
] as const;

async function expectNotFoundPage() {
  expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
  expect(
    screen.getByText("The page you're looking for doesn't exist. Choose your access path:"),
  ).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Customer Trading Portal' }).getAttribute('href')).toBe(
    '/trade',
  );
  expect(screen.getByRole('link', { name: 'Agent & Admin Portal' }).getAttribute('href')).toBe(
    '/agent',
  );
}

describe('route table', () => {
  it.each(SPEC_ROUTES)('has its own route for %s', (pattern, path) => {
    const matches = matchRoutes(appRoutes, path);
    expect(matches?.at(-1)?.route.path).toBe(pattern);
  });

  it('sends any other path to the not-found page', async () => {
    expect(matchRoutes(appRoutes, '/no/such/page')?.at(-1)?.route.path).toBe('*');
    renderApp('/no/such/page');
    await expectNotFoundPage();
  });

  it('shows the not-found page, not a placeholder, for screens not built yet', async () => {
    const notFound = appRoutes.find((r) => r.path === '*')?.element;
    const notBuilt = appRoutes.filter(
      (r) =>
        r.path !== '*' &&
        isValidElement(r.element) &&
        isValidElement(notFound) &&
        r.element.type === notFound.type,
    );
    for (const route of notBuilt) {
      const path = SPEC_ROUTES.find(([pattern]) => pattern === route.path)?.[1];
      if (!path) throw new Error(`${route.path} is not in the spec's route table`);
      renderApp(path);
      await expectNotFoundPage();
      cleanup();
    }
  });

  it('opens /?chat={id} as that chat', async () => {
    const calls = stubApi({ 'GET /api/prices': { body: [] }, 'GET /api/auth/user': UNAUTHORIZED });
    const app = renderApp('/?chat=42');
    // The chat screen loaded: it asks who is signed in.
    // A cold lazy chunk can take more than waitFor's default second on a busy machine.
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/auth/user'), {
      timeout: 5_000,
    });
    expect(app.currentPath()).toBe('/chat/42');
  });
});

/**
 * Who may see a screen is its route's business (guards.tsx): each guarded path, opened by a
 * signed-in customer, shows its guard's refusal.
 */
const GUARDED_ROUTES = [
  ['/agent', 'Agent Login Required'],
  ['/agent/chats', 'Agent Login Required'],
  ['/agent/chats/7', 'Agent Login Required'],
  ['/agent/orders', 'Agent Login Required'],
  ['/agent/trading-history', 'Agent Login Required'],
  ['/agent/dashboard', 'Access denied. Agent privileges required.'],
  ['/agent/transaction/7', 'Access denied. Agent privileges required.'],
  ['/transaction/7', 'Access denied. Agent privileges required.'],
  ['/agent/admin', "You don't have admin privileges."],
  ['/admin-dashboard', "You don't have admin privileges."],
  ['/agent/management', "You don't have admin privileges."],
  ['/admin/desk-addresses', "You don't have admin privileges."],
  ['/agent/exchange-rates', 'Agent access required for exchange rate management'],
  ['/exchange-rates', 'Agent access required for exchange rate management'],
] as const;

describe('guards at the routes', () => {
  afterEach(() => toastStore.remove());

  it.each(GUARDED_ROUTES)('%s refuses a customer: "%s"', async (path, refusal) => {
    stubApi({
      'GET /api/prices': { body: [] },
      'GET /api/auth/user': () => json(makeUser()),
      'GET /api/agent/user': () => json({ error: 'Forbidden' }, 403),
    });
    renderApp(path);
    // On the screen, or in the toast of a guard that sends the customer home.
    await waitFor(
      () =>
        expect(
          [
            document.body.textContent ?? '',
            ...toastStore.getSnapshot().map((t) => String(t.description)),
          ].some((text) => text.includes(refusal)),
        ).toBe(true),
      { timeout: 5_000 },
    );
  });
});

// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../testing/api-stub';
import { AT, makeUser, TEST_PRICES, UNMANAGED_RATES } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';

// Screens load lazily and the machine may be busy: wait longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

// Loaded before the tests, so the lazy route does not eat into their waiting time.
beforeAll(async () => {
  await import('./agent-login-screen');
});

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function fillAndSubmit(username: string, password: string) {
  fireEvent.change(await screen.findByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('agent login', () => {
  it('asks for both fields before calling the server', async () => {
    const calls = stubApi({});
    renderApp('/agent/login');
    await fillAndSubmit('', '');
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in all fields');
    await fillAndSubmit('   ', 'secret');
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all fields');
    await fillAndSubmit('bola@example.com', '   ');
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all fields');
    expect(calls.filter((c) => c.path === '/api/agent/login')).toEqual([]);
  });

  it('shows "Signing In..." while waiting, then the server\'s error in a red alert', async () => {
    let answer!: (reply: { status: number; body: unknown }) => void;
    stubApi({
      'POST /api/agent/login': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    renderApp('/agent/login');
    await fillAndSubmit('bola@example.com', 'wrong password');
    const button = await screen.findByRole('button', { name: 'Signing In...' });
    expect((button as HTMLButtonElement).disabled).toBe(true);

    answer({ status: 401, body: { error: 'Invalid username or password' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid username or password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('says "Login failed" when there is no server message', async () => {
    stubApi({
      'POST /api/agent/login': () => {
        throw new TypeError('offline');
      },
    });
    renderApp('/agent/login');
    await fillAndSubmit('bola@example.com', 'a password');
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed');
  });

  it('signs in with the trimmed username and goes to /agent/chats', async () => {
    const calls = stubApi({
      'POST /api/agent/login': () => ({ body: { ...makeUser({ isAgent: true }), next: null } }),
      // The chats the agent lands on.
      'GET /api/exchange-rates/manage': { body: UNMANAGED_RATES },
      'GET /api/prices': { body: TEST_PRICES },
      'GET /api/availability/me': { body: { agentId: 'agent-1', state: 'online', since: AT } },
      'GET /api/chat-sessions/all': { body: { items: [], nextCursor: null } },
    });
    const app = renderApp('/agent/login');
    await fillAndSubmit('  bola@example.com ', ' pass word ');
    await waitFor(() => expect(app.currentPath()).toBe('/agent/chats'));
    expect(calls.find((c) => c.path === '/api/agent/login')?.body).toEqual({
      username: 'bola@example.com',
      password: ' pass word ',
    });
  });

  it('links back to the customer portal', async () => {
    stubApi({});
    renderApp('/agent/login');
    expect(
      (await screen.findByRole('link', { name: 'Back to Customer Portal' })).getAttribute('href'),
    ).toBe('/');
  });
});

// @vitest-environment jsdom
import { act, cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fullPageNavigation } from '../../lib/navigation';
import { toastStore } from '../../lib/toast';
import { UNAUTHORIZED_REDIRECT_MS } from '../../lib/unauthorized';
import { stubApi, UNAUTHORIZED } from '../../testing/api-stub';
import { makeUser } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';

// Screens load lazily and the machine may be busy: wait longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

const CUSTOMER = makeUser({ firstName: 'Ada', lastName: 'Obi Lovelace', email: 'ada@example.com' });

// Loaded before the tests, so the lazy route does not eat into their waiting time.
beforeAll(async () => {
  await import('./admin-setup-screen');
});

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  cleanup();
  toastStore.remove();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function currentToast() {
  return toastStore.getSnapshot().find((t) => t.open);
}

function submit(email: string, secret: string) {
  fireEvent.change(screen.getByLabelText('Google Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Setup Secret'), { target: { value: secret } });
  fireEvent.click(screen.getByRole('button', { name: 'Initialize Admin' }));
}

/** The one-time setup can still run. */
const SETUP_OPEN = { 'GET /api/admin/setup-status': { body: { available: true } } };

describe('admin setup', () => {
  it('says the setup is closed before anyone signs in or fills the form', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const assign = vi.spyOn(fullPageNavigation, 'assign').mockImplementation(() => undefined);
    stubApi({
      'GET /api/auth/user': () => UNAUTHORIZED,
      'GET /api/admin/setup-status': () => ({ body: { available: false } }),
    });
    renderApp('/admin/setup');
    expect(await screen.findByRole('heading', { name: 'Admin Setup Closed' })).toBeTruthy();
    expect(screen.getByText(/An admin already exists/)).toBeTruthy();
    expect(screen.queryByLabelText('Setup Secret')).toBeNull();
    // Past the moment a signed-out visitor would be sent to sign in: still here.
    await act(() => vi.advanceTimersByTimeAsync(UNAUTHORIZED_REDIRECT_MS));
    expect(assign).not.toHaveBeenCalled();
  });

  it('sends a signed-out visitor to sign in, coming back here', async () => {
    const assign = vi.spyOn(fullPageNavigation, 'assign').mockImplementation(() => undefined);
    stubApi({ 'GET /api/auth/user': () => UNAUTHORIZED, ...SETUP_OPEN });
    renderApp('/admin/setup');
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('/api/login?returnTo=%2Fadmin%2Fsetup'),
    );
  });

  it('shows who is signed in and starts with their email', async () => {
    stubApi({ 'GET /api/auth/user': () => ({ body: CUSTOMER }), ...SETUP_OPEN });
    renderApp('/admin/setup');
    expect((await screen.findByText(/Signed in as/)).textContent).toBe(
      'Signed in as Ada Obi Lovelace',
    );
    expect((screen.getByLabelText('Google Email') as HTMLInputElement).value).toBe(
      'ada@example.com',
    );
  });

  it('asks for both fields before calling the server', async () => {
    const calls = stubApi({ 'GET /api/auth/user': () => ({ body: CUSTOMER }), ...SETUP_OPEN });
    renderApp('/admin/setup');
    await screen.findByLabelText('Google Email');
    submit('', 'secret');
    expect(screen.getByRole('alert').textContent).toBe('Please enter both email and secret');
    submit('ada@example.com', ' ');
    expect(screen.getByRole('alert').textContent).toBe('Please enter both email and secret');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('toasts "Initialization Failed" with the server\'s message', async () => {
    stubApi({
      'GET /api/auth/user': () => ({ body: CUSTOMER }),
      ...SETUP_OPEN,
      'POST /api/admin/initialize': () => ({
        status: 403,
        body: { error: 'Invalid setup secret' },
      }),
    });
    renderApp('/admin/setup');
    await screen.findByLabelText('Google Email');
    submit('ada@example.com', 'wrong');
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Initialization Failed',
        description: 'Invalid setup secret',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Setup' })).toBeTruthy();
  });

  it('promotes the user: "Admin Initialized" and the success view', async () => {
    const calls = stubApi({
      'GET /api/auth/user': () => ({ body: CUSTOMER }),
      ...SETUP_OPEN,
      'POST /api/admin/initialize': () => ({
        body: { ...CUSTOMER, isAgent: true, isAdmin: true },
      }),
    });
    renderApp('/admin/setup');
    await screen.findByLabelText('Google Email');
    submit(' ada@example.com ', 'the secret');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Admin Setup Complete' }),
    ).toBeTruthy();
    expect(currentToast()?.title).toBe('Admin Initialized');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'ada@example.com',
      secret: 'the secret',
    });
    expect(screen.getByRole('link', { name: 'Go to Agent Dashboard' }).getAttribute('href')).toBe(
      '/agent',
    );
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });
});

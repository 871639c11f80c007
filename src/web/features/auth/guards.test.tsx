// @vitest-environment jsdom
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  act,
  cleanup,
  configure,
  fireEvent,
  render,
  screen,
  waitFor,
} from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { apiGet, apiPost } from '../../lib/api-client';
import { fullPageNavigation } from '../../lib/navigation';
import { toastStore } from '../../lib/toast';
import {
  handleUnauthorized,
  resetUnauthorizedRedirect,
  UNAUTHORIZED_REDIRECT_MS,
} from '../../lib/unauthorized';
import {
  ACCESS_DENIED_REDIRECT_MS,
  AgentOnly,
  RequireAdmin,
  RequireAgent,
  useGuardedUser,
} from '.';
import { stubApi, UNAUTHORIZED } from '../../testing/api-stub';
import { makeUser } from '../../testing/fixtures';
import { TEST_CONFIG } from '../../testing/render-app';
import { TestProviders } from '../../testing/test-providers';

// Screens load lazily and the machine may be busy: wait longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

const AGENT = makeUser({ firstName: 'Bola', lastName: 'Adeyemi', isAgent: true });
const ADMIN = makeUser({ firstName: 'Ada', isAgent: true, isAdmin: true });
const CUSTOMER = makeUser({ firstName: 'Chidi' });

let assign: ReturnType<typeof vi.fn<(url: string) => void>>;

/**
 * The timers are fake but also follow real time (waitFor needs that), so a busy machine moves the
 * clock while the test looks for a toast. The waits are therefore measured on the fake clock, from
 * the moment a toast or a screen appeared to the moment the redirect happened, instead of assumed.
 */
let assignedAt: number | undefined;
let toastShownAt: Map<string, number>;
let stopWatchingToasts: () => void;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  assignedAt = undefined;
  assign = vi.fn<(url: string) => void>(() => {
    assignedAt = Date.now();
  });
  vi.spyOn(fullPageNavigation, 'assign').mockImplementation(assign);
  toastShownAt = new Map();
  stopWatchingToasts = toastStore.subscribe(() => {
    for (const t of toastStore.getSnapshot()) {
      if (t.open && t.title !== undefined && !toastShownAt.has(t.title)) {
        toastShownAt.set(t.title, Date.now());
      }
    }
  });
});

afterEach(() => {
  stopWatchingToasts();
  cleanup();
  toastStore.remove();
  resetUnauthorizedRedirect();
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Welcome() {
  const user = useGuardedUser();
  return <p>Welcome {user.firstName}</p>;
}

/** A screen inside a guard that loads data and changes it, like the real screens. */
function DataScreen() {
  const data = useQuery({
    queryKey: ['test', 'data'],
    queryFn: () => apiGet('/api/data', undefinedSchema),
  });
  const save = useMutation({ mutationFn: () => apiPost('/api/save', {}, undefinedSchema) });
  return (
    <>
      <Welcome />
      <p>{data.isSuccess ? 'Loaded' : 'Waiting'}</p>
      <button type="button" onClick={() => save.mutate()}>
        Save
      </button>
    </>
  );
}

const undefinedSchema = {
  safeParse: (value: unknown) => ({ success: true as const, data: value }),
} as never;

function LocationProbe({ onChange }: { onChange: (path: string) => void }) {
  const { pathname } = useLocation();
  useEffect(() => {
    onChange(pathname);
  }, [onChange, pathname]);
  return null;
}

/** The fake clock's time when `text` first appears in the page (observed as it is committed). */
function watchForText(text: string): () => number | undefined {
  let seenAt: number | undefined;
  const observer = new MutationObserver(() => {
    if (seenAt === undefined && document.body.textContent?.includes(text)) seenAt = Date.now();
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  onTestFinished(() => observer.disconnect());
  return () => seenAt;
}

/**
 * A navigation is seen when React renders it, a little after the timer fired (the render is
 * scheduled, and the clock keeps following real time), so the wait is at least `ms`, never less.
 */
function expectWaited(waited: number, ms: number) {
  expect(waited).toBeGreaterThanOrEqual(ms);
  expect(waited).toBeLessThan(2 * ms);
}

function renderGuarded(guarded: ReactNode) {
  let path = '/guarded';
  let leftAt: number | undefined;
  render(
    <TestProviders config={TEST_CONFIG}>
      <MemoryRouter initialEntries={['/', '/guarded']} initialIndex={1}>
        <LocationProbe
          onChange={(p) => {
            if (p !== path && leftAt === undefined) leftAt = Date.now();
            path = p;
          }}
        />
        <Routes>
          <Route path="/" element={<p>Home page</p>} />
          <Route path="/guarded" element={guarded} />
          <Route path="/agent/login" element={<p>Agent login page</p>} />
        </Routes>
      </MemoryRouter>
    </TestProviders>,
  );
  return { currentPath: () => path, leftAt: () => leftAt };
}

function currentToast() {
  return toastStore.getSnapshot().find((t) => t.open);
}

describe('RequireAgent', () => {
  it.each([
    ['signed out', UNAUTHORIZED],
    ['signed in as a customer', { status: 403, body: { error: 'Agent privileges required.' } }],
  ])('shows "Agent Login Required" when %s', async (_, reply) => {
    stubApi({ 'GET /api/agent/user': () => reply });
    renderGuarded(
      <RequireAgent>
        <Welcome />
      </RequireAgent>,
    );
    expect(await screen.findByRole('heading', { name: 'Agent Login Required' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Agent Login' }).getAttribute('href')).toBe(
      '/agent/login',
    );
    expect(screen.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText(/Welcome/)).toBeNull();
  });

  it('lets an agent in and gives the screen the agent', async () => {
    stubApi({ 'GET /api/agent/user': () => ({ body: AGENT }) });
    renderGuarded(
      <RequireAgent>
        <Welcome />
      </RequireAgent>,
    );
    expect(await screen.findByText('Welcome Bola')).toBeTruthy();
  });

  it('on a 401 inside (the agent was deactivated): "Unauthorized", then the agent login', async () => {
    stubApi({
      'GET /api/agent/user': () => ({ body: AGENT }),
      'GET /api/data': () => UNAUTHORIZED,
    });
    renderGuarded(
      <RequireAgent>
        <DataScreen />
      </RequireAgent>,
    );
    await screen.findByText('Welcome Bola');
    await waitFor(() => expect(currentToast()?.title).toBe('Unauthorized'));
    expect(currentToast()?.description).toBe('You are logged out. Logging in again...');
    await act(() => vi.advanceTimersByTimeAsync(UNAUTHORIZED_REDIRECT_MS));
    expect(assign).toHaveBeenCalledExactlyOnceWith('/agent/login');
    expect(assignedAt! - toastShownAt.get('Unauthorized')!).toBe(UNAUTHORIZED_REDIRECT_MS);
  });
});

describe('AgentOnly', () => {
  it('tells a non-agent "Access denied. Agent privileges required." and goes home after 1 s', async () => {
    stubApi({
      'GET /api/agent/user': () => ({ status: 403, body: { error: 'Agent privileges required.' } }),
    });
    const shownAt = watchForText('Access denied. Agent privileges required.');
    const app = renderGuarded(
      <AgentOnly>
        <Welcome />
      </AgentOnly>,
    );
    expect(await screen.findByText('Access denied. Agent privileges required.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(ACCESS_DENIED_REDIRECT_MS));
    expect(app.currentPath()).toBe('/');
    expect(screen.getByText('Home page')).toBeTruthy();
    expectWaited(app.leftAt()! - shownAt()!, ACCESS_DENIED_REDIRECT_MS);
  });

  it('"Go Back" leaves at once', async () => {
    stubApi({ 'GET /api/agent/user': () => UNAUTHORIZED });
    const app = renderGuarded(
      <AgentOnly>
        <Welcome />
      </AgentOnly>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Go Back' }));
    expect(app.currentPath()).toBe('/');
  });

  it('lets an agent in', async () => {
    stubApi({ 'GET /api/agent/user': () => ({ body: AGENT }) });
    renderGuarded(
      <AgentOnly>
        <Welcome />
      </AgentOnly>,
    );
    expect(await screen.findByText('Welcome Bola')).toBeTruthy();
  });
});

describe('RequireAdmin', () => {
  it.each([
    ['a customer', CUSTOMER],
    ['an agent who is not an admin', AGENT],
  ])("turns away %s with the spec's toast and goes home after 1 s", async (_, user) => {
    stubApi({ 'GET /api/auth/user': () => ({ body: user }) });
    const app = renderGuarded(
      <RequireAdmin>
        <Welcome />
      </RequireAdmin>,
    );
    await waitFor(() => expect(currentToast()?.title).toBe('Access Denied'));
    expect(currentToast()?.description).toBe("You don't have admin privileges.");
    expect(currentToast()?.variant).toBe('destructive');
    expect(screen.queryByText(/Welcome/)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(ACCESS_DENIED_REDIRECT_MS));
    expect(app.currentPath()).toBe('/');
    expectWaited(app.leftAt()! - toastShownAt.get('Access Denied')!, ACCESS_DENIED_REDIRECT_MS);
  });

  it('sends a signed-out visitor to sign in, coming back to the screen', async () => {
    stubApi({ 'GET /api/auth/user': () => UNAUTHORIZED });
    window.history.replaceState(null, '', '/guarded');
    renderGuarded(
      <RequireAdmin>
        <Welcome />
      </RequireAdmin>,
    );
    await waitFor(() => expect(currentToast()?.title).toBe('Unauthorized'));
    expect(currentToast()?.description).toBe('You are logged out. Logging in again...');
    await act(() => vi.advanceTimersByTimeAsync(UNAUTHORIZED_REDIRECT_MS));
    expect(assign).toHaveBeenCalledExactlyOnceWith('/api/login?returnTo=%2Fguarded');
  });

  it('lets an admin in; a 401 from a change signs in again through /api/login', async () => {
    stubApi({
      'GET /api/auth/user': () => ({ body: ADMIN }),
      'GET /api/data': () => ({ body: { ok: true } }),
      'POST /api/save': () => UNAUTHORIZED,
    });
    window.history.replaceState(null, '', '/agent/management');
    renderGuarded(
      <RequireAdmin>
        <DataScreen />
      </RequireAdmin>,
    );
    expect(await screen.findByText('Welcome Ada')).toBeTruthy();
    await screen.findByText('Loaded');
    expect(currentToast()).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Unauthorized'));
    await act(() => vi.advanceTimersByTimeAsync(UNAUTHORIZED_REDIRECT_MS));
    expect(assign).toHaveBeenCalledExactlyOnceWith('/api/login?returnTo=%2Fagent%2Fmanagement');
  });
});

describe('two 401s from two different callers', () => {
  /** Like the customer chat's sender: catches its own request's error and hands it on. */
  function OwnCaller() {
    useEffect(() => {
      apiPost('/api/own', {}, undefinedSchema).catch((error: unknown) => {
        handleUnauthorized(error);
      });
    }, []);
    return null;
  }

  it('raise one "Unauthorized" toast and one redirect', async () => {
    stubApi({
      'GET /api/auth/user': () => ({ body: ADMIN }),
      'GET /api/data': () => UNAUTHORIZED,
      'POST /api/own': () => UNAUTHORIZED,
    });
    window.history.replaceState(null, '', '/guarded');
    renderGuarded(
      <RequireAdmin>
        <DataScreen />
        <OwnCaller />
      </RequireAdmin>,
    );
    await waitFor(() => expect(currentToast()?.title).toBe('Unauthorized'));
    await act(() => vi.advanceTimersByTimeAsync(UNAUTHORIZED_REDIRECT_MS));
    const unauthorized = toastStore.getSnapshot().filter((t) => t.title === 'Unauthorized');
    expect(unauthorized).toHaveLength(1);
    expect(assign).toHaveBeenCalledExactlyOnceWith('/api/login?returnTo=%2Fguarded');
  });
});

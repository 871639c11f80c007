// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fullPageNavigation } from '../../../lib/navigation';
import { toastStore } from '../../../lib/toast';
import { resetUnauthorizedRedirect, UNAUTHORIZED_REDIRECT_MS } from '../../../lib/unauthorized';
import { UsersTab } from './users-tab';
import { json, stubApi } from '../../../testing/api-stub';
import { makeAdminUser } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render-app';

const CUSTOMER = makeAdminUser();
const AGENT = makeAdminUser({
  id: '22222222-2222-4222-8222-222222222222',
  email: 'tunde@example.com',
  firstName: 'Tunde',
  lastName: 'Agent',
  isAgent: true,
  sessionCount: 12,
  transactionCount: 1234,
  createdAt: '2025-01-05T10:00:00.000Z',
});
const ADMIN = makeAdminUser({
  id: '33333333-3333-4333-8333-333333333333',
  email: 'boss@example.com',
  firstName: null,
  lastName: null,
  isAgent: true,
  isAdmin: true,
});

function asUser(u: ReturnType<typeof makeAdminUser>, isAgent: boolean) {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    profileImageUrl: null,
    customerStatus: 'active',
    isAgent,
    isAdmin: u.isAdmin,
    agentType: null,
    isActive: true,
    createdAt: u.createdAt,
  };
}

function row(name: string): HTMLElement {
  return screen.getAllByTestId('user-row').find((r) => r.textContent?.includes(name))!;
}

function lastToast() {
  return toastStore.getSnapshot()[0];
}

beforeEach(() => resetUnauthorizedRedirect());

afterEach(() => {
  cleanup();
  toastStore.remove();
  resetUnauthorizedRedirect();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('UsersTab', () => {
  it('shows name or email, an Agent/Customer badge, the counts and the en-NG join date', async () => {
    const calls = stubApi({
      'GET /api/admin/users': () => json({ items: [CUSTOMER, AGENT, ADMIN], nextCursor: null }),
    });
    renderWithApp(<UsersTab />);
    await screen.findByText('Ada Obi');
    expect(calls[0]!.url).toBe('/api/admin/users?role=all&limit=25');

    const customer = row('Ada Obi');
    expect(within(customer).getByTestId('user-role').textContent).toBe('Customer');
    expect(within(customer).getByText('ada@example.com')).toBeTruthy();
    expect(within(customer).getByTestId('user-sessions').textContent).toBe('3');
    expect(within(customer).getByTestId('user-transactions').textContent).toBe('2');
    expect(within(customer).getByTestId('user-joined').textContent).toBe('22 Nov 2026');
    expect(within(customer).getByRole('button', { name: /Make Agent/ })).toBeTruthy();

    const agent = row('Tunde Agent');
    expect(within(agent).getByTestId('user-role').textContent).toBe('Agent');
    expect(within(agent).getByTestId('user-transactions').textContent).toBe('1,234');
    expect(within(agent).getByTestId('user-joined').textContent).toBe('5 Jan 2025');
    expect(within(agent).getByRole('button', { name: /Remove Agent/ })).toBeTruthy();

    // No name: the email stands in, once.
    const admin = row('boss@example.com');
    expect(within(admin).getByTestId('user-name').textContent).toBe('boss@example.com');
    expect(within(admin).getAllByText('boss@example.com')).toHaveLength(1);
    expect(within(admin).getByText('Admin')).toBeTruthy();
  });

  it('says "Failed to fetch customers" when the list cannot load, and tries again', async () => {
    let fail = true;
    stubApi({
      'GET /api/admin/users': () =>
        fail
          ? json({ error: 'Internal Server Error' }, 500)
          : json({ items: [CUSTOMER], nextCursor: null }),
    });
    renderWithApp(<UsersTab />);
    expect(await screen.findByText('Failed to fetch customers')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Ada Obi')).toBeTruthy();
    expect(screen.queryByText('Failed to fetch customers')).toBeNull();
  });

  it('filters by role and searches on the server, and loads more with the cursor', async () => {
    const calls = stubApi({
      'GET /api/admin/users': ({ query }) =>
        query.get('cursor') === 'c1'
          ? json({ items: [ADMIN], nextCursor: null })
          : json({ items: [AGENT], nextCursor: 'c1' }),
    });
    renderWithApp(<UsersTab />);
    await screen.findByText('Tunde Agent');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('boss@example.com');
    expect(calls.at(-1)!.url).toBe('/api/admin/users?role=all&limit=25&cursor=c1');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Agents' }));
    await waitFor(() => expect(calls.at(-1)!.url).toBe('/api/admin/users?role=agents&limit=25'));
    expect(screen.getByRole('button', { name: 'Agents' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.change(screen.getByPlaceholderText('Search by name or email'), {
      target: { value: ' tunde ' },
    });
    await waitFor(() =>
      expect(calls.at(-1)!.url).toBe('/api/admin/users?role=agents&limit=25&q=tunde'),
    );
  });

  it('makes a customer an agent: the PATCH, the badge and "User status updated successfully"', async () => {
    let promoted = false;
    const calls = stubApi({
      'GET /api/admin/users': () =>
        json({ items: [{ ...CUSTOMER, isAgent: promoted }], nextCursor: null }),
      'PATCH /api/admin/users/11111111-1111-4111-8111-111111111111/agent-status': () => {
        promoted = true;
        return json(asUser(CUSTOMER, true));
      },
    });
    renderWithApp(<UsersTab />);
    fireEvent.click(await screen.findByRole('button', { name: /Make Agent/ }));
    await waitFor(() => expect(lastToast()?.title).toBe('User status updated successfully'));
    expect(lastToast()?.variant).toBe('success');
    expect(lastToast()?.description).toBe('Ada Obi is now an agent.');
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ isAgent: true });
    await waitFor(() =>
      expect(within(row('Ada Obi')).getByTestId('user-role').textContent).toBe('Agent'),
    );
    expect(within(row('Ada Obi')).getByRole('button', { name: /Remove Agent/ })).toBeTruthy();
  });

  it('removes an agent with the same toast', async () => {
    stubApi({
      'GET /api/admin/users': () => json({ items: [AGENT], nextCursor: null }),
      'PATCH /api/admin/users/22222222-2222-4222-8222-222222222222/agent-status': () =>
        json(asUser(AGENT, false)),
    });
    renderWithApp(<UsersTab />);
    fireEvent.click(await screen.findByRole('button', { name: /Remove Agent/ }));
    await waitFor(() => expect(lastToast()?.title).toBe('User status updated successfully'));
    expect(lastToast()?.description).toBe('Tunde Agent is now a customer.');
  });

  it('shows the server’s reason when it refuses (an admin cannot be removed)', async () => {
    stubApi({
      'GET /api/admin/users': () => json({ items: [ADMIN], nextCursor: null }),
      'PATCH /api/admin/users/33333333-3333-4333-8333-333333333333/agent-status': () =>
        json({ error: 'Admins are always agents.' }, 400),
    });
    renderWithApp(<UsersTab />);
    fireEvent.click(await screen.findByRole('button', { name: /Remove Agent/ }));
    await waitFor(() => expect(lastToast()?.title).toBe('Failed to update user status'));
    expect(lastToast()?.description).toBe('Admins are always agents.');
    expect(lastToast()?.variant).toBe('destructive');
    expect(within(row('boss@example.com')).getByTestId('user-role').textContent).toBe('Agent');
  });

  it('says "Failed to update user status" when the server fails', async () => {
    stubApi({
      'GET /api/admin/users': () => json({ items: [CUSTOMER], nextCursor: null }),
      'PATCH /api/admin/users/11111111-1111-4111-8111-111111111111/agent-status': () =>
        json({ error: 'Internal Server Error' }, 500),
    });
    renderWithApp(<UsersTab />);
    fireEvent.click(await screen.findByRole('button', { name: /Make Agent/ }));
    await waitFor(() => expect(lastToast()?.title).toBe('Failed to update user status'));
    expect(lastToast()?.description).toBeUndefined();
  });

  it('on 401: "Session expired. Please login again." and /api/login after 500 ms', async () => {
    // The fake clock also follows real time: the wait is measured on it, from the toast.
    let assignedAt = 0;
    const assign = vi.spyOn(fullPageNavigation, 'assign').mockImplementation(() => {
      assignedAt = Date.now();
    });
    let toastAt = 0;
    const stopWatching = toastStore.subscribe(() => {
      if (toastAt === 0 && lastToast()?.title === 'Unauthorized') toastAt = Date.now();
    });
    onTestFinished(stopWatching);
    stubApi({
      'GET /api/admin/users': () => json({ items: [CUSTOMER], nextCursor: null }),
      'PATCH /api/admin/users/11111111-1111-4111-8111-111111111111/agent-status': () =>
        json({ error: 'Unauthorized' }, 401),
    });
    renderWithApp(<UsersTab />);
    const button = await screen.findByRole('button', { name: /Make Agent/ });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fireEvent.click(button);
      await waitFor(() => expect(lastToast()?.title).toBe('Unauthorized'));
      expect(lastToast()?.description).toBe('Session expired. Please login again.');
      await act(() => vi.advanceTimersByTimeAsync(UNAUTHORIZED_REDIRECT_MS));
      expect(assign).toHaveBeenCalledTimes(1);
      expect(assign.mock.calls[0]![0]).toMatch(/^\/api\/login/);
      expect(assignedAt - toastAt).toBe(UNAUTHORIZED_REDIRECT_MS);
    } finally {
      vi.useRealTimers();
    }
  });
});

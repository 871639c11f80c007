// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeEvent } from '../../../shared/api/realtime';
import type * as RealtimeModuleNamespace from '../../lib/realtime';
import { toastStore } from '../../lib/toast';
import { lastSevenDays } from '../../features/reports/lib/date-range';
import { LIVE_REFRESH_DELAY_MS } from '../../features/reports';
import { json, stubApi } from '../../testing/api-stub';
import {
  makeAnalytics,
  makeOrder,
  makeTransaction,
  orderStep,
  UNMANAGED_RATES,
} from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';

type RealtimeModule = typeof RealtimeModuleNamespace;

const live = vi.hoisted(() => ({ listeners: new Set<(event: unknown) => void>() }));

vi.mock('../../lib/realtime', async (importOriginal) => {
  const original = await importOriginal<RealtimeModule>();
  const source: RealtimeModuleNamespace.RealtimeSource = {
    retain: () => () => undefined,
    onEvent: (listener) => {
      live.listeners.add(listener as (event: unknown) => void);
      return () => void live.listeners.delete(listener as (event: unknown) => void);
    },
    onResync: () => () => undefined,
    subscribeState: () => () => undefined,
    getState: () => 'online',
    onTyping: () => () => undefined,
    sendTyping: () => undefined,
  };
  return { ...original, useRealtimeSource: () => source, useLiveConnection: () => 'online' };
});

// recharts needs a laid-out page; the browser tests draw it.
vi.mock('./components/activity-chart', () => ({ default: () => <div data-testid="chart" /> }));

function me(overrides: { isAgent: boolean; isAdmin: boolean }) {
  return {
    id: '44444444-4444-4444-8444-444444444444',
    email: 'funmi@example.com',
    firstName: 'Funmi',
    lastName: 'Admin',
    profileImageUrl: null,
    customerStatus: 'active',
    agentType: 'general',
    isActive: true,
    createdAt: '2025-11-01T08:00:00.000Z',
    ...overrides,
  };
}

const EVENT = {
  id: 1,
  type: 'session.created',
  chatSessionId: 5,
} as unknown as RealtimeEvent;

// The dashboard is a lazy chunk: loaded here once, its first render does not wait on a busy
// machine.
beforeAll(() => import('./admin-dashboard-screen'), 60_000);

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  live.listeners.clear();
});

afterEach(() => {
  cleanup();
  toastStore.remove();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('AdminDashboardScreen', () => {
  it('refuses an agent who is not an admin: the toast, then home after 1 s', async () => {
    const calls = stubApi({
      'GET /api/auth/user': () => json(me({ isAgent: true, isAdmin: false })),
      // Home, where the screen sends them.
      'GET /api/prices': { body: [] },
      'GET /api/exchange-rates': { body: UNMANAGED_RATES },
    });
    const app = renderApp('/agent/admin');
    await waitFor(() => expect(toastStore.getSnapshot()[0]?.title).toBe('Access Denied'), {
      timeout: 5_000,
    });
    expect(toastStore.getSnapshot()[0]?.description).toBe("You don't have admin privileges.");
    expect(app.currentPath()).toBe('/agent/admin');
    await waitFor(() => expect(app.currentPath()).toBe('/'), { timeout: 3_000 });
    expect(calls.some((c) => c.path.startsWith('/api/admin/'))).toBe(false);
  });

  it('shows the stat cards and refreshes them once, about 1 s after a burst of events', async () => {
    let activeChats = 1;
    /** When each analytics request came, on the (fake, later) clock. */
    const analyticsAt: number[] = [];
    const calls = stubApi({
      'GET /api/auth/user': () => json(me({ isAgent: true, isAdmin: true })),
      'GET /api/transactions/approvals': () => json([]),
      'GET /api/orders': () => json({ items: [], nextCursor: null }),
      'GET /api/admin/analytics': () => (
        analyticsAt.push(Date.now()),
        json(
          makeAnalytics({
            range: { ...lastSevenDays(), timeZone: 'Africa/Lagos' },
            userStats: { total: 12, agents: 2, customers: 10, newThisWeek: 3 },
            sessionStats: {
              total: 9,
              active: activeChats,
              bitcoin: 6,
              usdt: 3,
              activeBitcoin: activeChats,
              activeUsdt: 0,
            },
            transactionStats: {
              total: 4,
              completed: 3,
              pending: 1,
              failed: 0,
              completedTrades: 2,
              totalVolume: '1234567.89',
              refunds: '16500.00',
              charges: '0.00',
              adjustments: '0.00',
            },
          }),
        )
      ),
    });
    renderApp('/admin-dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' }, { timeout: 5_000 });
    await waitFor(() =>
      expect(screen.getByTestId('stat-total-users-value').textContent).toBe('12'),
    );
    const text = (id: string) => screen.getByTestId(id).textContent;
    expect(text('stat-total-users-detail')).toBe('+3 new this week');
    expect(text('stat-active-agents-value')).toBe('2');
    expect(text('stat-active-agents-detail')).toBe('10 customers');
    expect(text('stat-active-chats-value')).toBe('1');
    expect(text('stat-active-chats-detail')).toBe('1 BTC · 0 USDT');
    expect(text('stat-total-volume-value')).toBe('₦1,234,567.89');
    // Volume counts completed trades only; the refund stands beside it. Range-bound figures
    // name their period.
    expect(within(screen.getByTestId('stat-total-volume')).getByRole('term').textContent).toBe(
      'Total Volume · last 7 days',
    );
    expect(text('stat-total-volume-detail')).toBe('2 completed trades');
    expect(text('stat-refunds-value')).toBe('₦16,500.00');
    expect(within(screen.getByTestId('stat-refunds')).getByRole('term').textContent).toBe(
      'Refunds · last 7 days',
    );
    expect(text('stat-charges-value')).toBe('₦0.00');
    expect(text('stat-adjustments-value')).toBe('₦0.00');
    expect(text('stat-bitcoin-sessions-value')).toBe('6');
    expect(text('stat-usdt-sessions-value')).toBe('3');
    expect(text('stat-pending-value')).toBe('1');
    expect(within(screen.getByTestId('stat-pending')).getByRole('term').textContent).toBe(
      'Pending · last 7 days',
    );
    const analyticsCalls = () => calls.filter((c) => c.path.startsWith('/api/admin/analytics'));
    expect(analyticsCalls()).toHaveLength(1);
    expect(analyticsCalls()[0]!.url).toMatch(
      /^\/api\/admin\/analytics\?from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d$/,
    );

    vi.useFakeTimers({ shouldAdvanceTime: true });
    activeChats = 2;
    // The clock also follows real time, so the wait is measured on it, not assumed.
    const lastEventAt = Date.now();
    act(() => {
      for (let i = 0; i < 5; i++) for (const listener of live.listeners) listener(EVENT);
    });
    await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_DELAY_MS));
    await waitFor(() => expect(text('stat-active-chats-value')).toBe('2'));
    expect(analyticsCalls()).toHaveLength(2);
    expect(analyticsAt[1]! - lastEventAt).toBeGreaterThanOrEqual(LIVE_REFRESH_DELAY_MS);
    expect(analyticsAt[1]! - lastEventAt).toBeLessThan(2 * LIVE_REFRESH_DELAY_MS);
  });

  it('keeps the open tab in the address', async () => {
    stubApi({
      'GET /api/auth/user': () => json(me({ isAgent: true, isAdmin: true })),
      'GET /api/transactions/approvals': () => json([]),
      'GET /api/orders': () => json({ items: [], nextCursor: null }),
      'GET /api/admin/analytics': () => json(makeAnalytics()),
      'GET /api/admin/chat-sessions': () => json({ items: [], nextCursor: null }),
    });
    const app = renderApp('/agent/admin');
    const tab = await screen.findByRole('tab', { name: 'Sessions' }, { timeout: 5_000 });
    fireEvent.mouseDown(tab);
    await screen.findByText('No sessions found');
    expect(app.currentPath()).toBe('/agent/admin?tab=sessions');
    expect(screen.getByText('New chats will appear here')).toBeTruthy();

    // Narrowed by a filter, an empty list suggests changing it instead.
    fireEvent.click(screen.getByRole('button', { name: 'Active' }));
    await waitFor(() => expect(screen.getByText('Try adjusting your search')).toBeTruthy());
    expect(screen.queryByText('New chats will appear here')).toBeNull();
  });

  it('lists the disputed orders under Disputes', async () => {
    const calls = stubApi({
      'GET /api/auth/user': () => json(me({ isAgent: true, isAdmin: true })),
      'GET /api/transactions/approvals': () => json([]),
      'GET /api/admin/analytics': () => json(makeAnalytics()),
      // The header's count of payouts waiting, and the Disputes tab's list.
      'GET /api/orders': () => json({ items: [], nextCursor: null }),
    });
    const app = renderApp('/agent/admin');
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Disputes' }, { timeout: 5_000 }));
    await screen.findByText('No disputed orders');
    expect(app.currentPath()).toBe('/agent/admin?tab=disputes');
    expect(
      calls.filter((c) => c.path === '/api/orders').map((c) => c.query.get('state')),
    ).toContain('disputed');
  });

  it('counts transactions and payouts waiting in the header, and lists both under Approvals', async () => {
    const payout = (id: number) =>
      makeOrder({
        id,
        chatSessionId: 30 + id,
        state: 'payout_approval',
        totalNaira: '6000000.00',
        timeline: [orderStep('payout_approval', { actor: 'agent' })],
      });
    stubApi({
      'GET /api/auth/user': () => json(me({ isAgent: true, isAdmin: true })),
      'GET /api/transactions/approvals': () =>
        json([makeTransaction({ id: 1, status: 'pending_approval' })]),
      'GET /api/admin/analytics': () => json(makeAnalytics()),
      'GET /api/orders': () => json({ items: [payout(2), payout(1)], nextCursor: null }),
    });
    const app = renderApp('/agent/admin');
    await screen.findByRole('link', { name: 'Approvals 3 waiting' });
    fireEvent.mouseDown(screen.getByRole('tab', { name: /Approvals/ }));
    expect(app.currentPath()).toBe('/agent/admin?tab=approvals');
    const transactions = await screen.findByRole('region', { name: 'Transactions' });
    await waitFor(() => expect(within(transactions).getAllByRole('listitem')).toHaveLength(1));
    const payouts = screen.getByRole('region', { name: 'Payouts' });
    expect(within(payouts).getAllByTestId('payout-approval')).toHaveLength(2);
    expect(within(payouts).getByText('AC-ORD0002')).toBeTruthy();
  });
});

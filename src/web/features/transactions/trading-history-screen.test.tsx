// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fullPageNavigation } from '../../lib/navigation';
import { toastStore } from '../../lib/toast';
import { resetUnauthorizedRedirect } from '../../lib/unauthorized';
import { withGuard } from '../../app/guards';
import TradingHistoryScreen from './trading-history-screen';
import { json, stubApi } from '../../testing/api-stub';
import { fakeRealtime } from '../../testing/fake-realtime';
import { CUSTOMER_ID, makeAgent, makeTransaction, makeUser } from '../../testing/fixtures';
import { renderApp, renderWithApp } from '../../testing/render-app';

/** The screen as each of its routes shows it: behind the route's guard (app/routes.tsx). */
const CustomerScreen = withGuard('signed-in', TradingHistoryScreen);
const AgentScreen = withGuard('staff', TradingHistoryScreen);

beforeEach(() => {
  fakeRealtime.reset();
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
  toastStore.remove();
  resetUnauthorizedRedirect();
});

const cards = () => screen.queryAllByTestId('transaction-card');

describe('Trading History', () => {
  it("shows the customer's own transactions as cards, a page at a time, live", async () => {
    const calls = stubApi({
      'GET /api/auth/user': () => json(makeUser()),
      'GET /api/transactions/customer': (call) =>
        call.query.get('cursor') === '3'
          ? json({
              items: [makeTransaction({ id: 2, status: 'failed', manual: true })],
              nextCursor: null,
            })
          : json({
              items: [makeTransaction({ id: 4 }), makeTransaction({ id: 3, status: 'completed' })],
              nextCursor: '3',
            }),
    });
    renderWithApp(<CustomerScreen />, '/trading-history');
    expect(await screen.findByText('Loading your trading history...')).toBeTruthy();
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.getByRole('heading', { level: 1, name: 'Trading History' })).toBeTruthy();
    const first = cards()[0]!;
    expect(within(first).getByTestId('transaction-total').textContent).toBe('₦7,862,702.93');
    expect(within(first).getByTestId('transaction-amount').textContent).toBe('0.05 BTC');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    // The old trade recorded by hand before orders is marked; the orders' trades are not.
    expect(
      cards().map((c) => within(c).queryByTestId('transaction-manual')?.textContent ?? null),
    ).toEqual([null, null, 'Manual, before orders']);
    const pages = calls.filter((c) => c.path === '/api/transactions/customer');
    expect(pages.map((c) => c.query.get('cursor'))).toEqual([null, '3']);
    expect(pages[0]!.query.get('customerId')).toBe(CUSTOMER_ID);

    // The agent completes the pending one, and records another.
    act(() =>
      fakeRealtime.emit({
        id: 9,
        type: 'transaction.updated',
        chatSessionId: 7,
        transaction: makeTransaction({ id: 4, status: 'completed' }),
      }),
    );
    act(() =>
      fakeRealtime.emit({
        id: 10,
        type: 'transaction.created',
        chatSessionId: 7,
        transaction: makeTransaction({ id: 5, amount: '0.1', total: '15725405.85' }),
      }),
    );
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(cards().map((c) => c.dataset.transactionId)).toEqual(['5', '4', '3', '2']);
    expect(within(cards()[1]!).getByTestId('transaction-status').textContent).toBe('Completed');
  });

  it('says "No Trading History" with a Start Trading link when there is none', async () => {
    stubApi({
      'GET /api/auth/user': () => json(makeUser()),
      'GET /api/transactions/customer': () => json({ items: [], nextCursor: null }),
    });
    renderWithApp(<CustomerScreen />, '/trading-history');
    await screen.findByText('No Trading History');
    expect(screen.getByRole('link', { name: 'Start Trading' }).getAttribute('href')).toBe('/trade');
  });

  it('sends a visitor to sign in and back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const assign = vi.spyOn(fullPageNavigation, 'assign').mockImplementation(() => undefined);
    stubApi({ 'GET /api/auth/user': () => json({ error: 'Unauthorized' }, 401) });
    renderApp('/trading-history');
    await waitFor(() =>
      expect(toastStore.getSnapshot()[0]).toMatchObject({
        title: 'Unauthorized',
        description: 'You are logged out. Logging in again...',
      }),
    );
    await vi.advanceTimersByTimeAsync(500);
    // jsdom's page is at "/", so that is where sign-in brings the visitor back.
    expect(assign).toHaveBeenCalledWith(expect.stringMatching(/^\/api\/login\?returnTo=/));
  });

  it("lets an agent open any customer's history with ?customerId=", async () => {
    const calls = stubApi({
      'GET /api/agent/user': () => json(makeAgent()),
      'GET /api/transactions/customer': () =>
        json({ items: [makeTransaction({ id: 1 })], nextCursor: null }),
    });
    renderWithApp(<AgentScreen />, `/agent/trading-history?customerId=${CUSTOMER_ID}`);
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByText('abcd1234')).toBeTruthy();
    expect(
      calls.find((c) => c.path === '/api/transactions/customer')!.query.get('customerId'),
    ).toBe(CUSTOMER_ID);
  });

  it('asks for an agent login on the agents’ path when nobody is logged in as one', async () => {
    stubApi({ 'GET /api/agent/user': () => json({ error: 'Unauthorized' }, 401) });
    renderApp(`/agent/trading-history?customerId=${CUSTOMER_ID}`);
    expect(await screen.findByText('Agent Login Required')).toBeTruthy();
  });

  it('asks an agent to choose a customer when none is given', async () => {
    const calls = stubApi({ 'GET /api/agent/user': () => json(makeAgent()) });
    renderWithApp(<AgentScreen />, '/agent/trading-history');
    await screen.findByText('Choose a customer');
    expect(calls.some((c) => c.path === '/api/transactions/customer')).toBe(false);
  });
});

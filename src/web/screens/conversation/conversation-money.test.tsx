// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RatesResponse } from '../../../shared/api/rates';
import type { Transaction } from '../../../shared/api/transactions';
import { ConversationView } from './conversation-view';
import { outbox } from '../../features/messages/outbox';
import { stubApi } from '../../testing/api-stub';
import { fakeRealtime } from '../../testing/fake-realtime';
import { conversationRoutes } from '../../testing/conversation-api';
import {
  AGENT_ID,
  CUSTOMER_ID,
  makeOrder,
  makeSession,
  makeTransaction,
  makeUser,
  orderUpdated,
  TRADE_AT,
} from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render-app';

const MANAGED_USDT: RatesResponse = {
  usdToNaira: '1650',
  rates: [
    {
      currency: 'usdt',
      buyRateUsd: '1.010202',
      sellRateUsd: '0.990198',
      buyRateNaira: '1666.83',
      sellRateNaira: '1633.83',
      spreadPercentage: '1',
      lastUpdated: TRADE_AT,
      managed: true,
      published: true,
    },
  ],
};

function stubChat(viewer: 'customer' | 'agent', transactions: Transaction[], category = 'bitcoin') {
  return stubApi(
    conversationRoutes({
      user: viewer === 'agent' ? makeUser({ id: AGENT_ID, isAgent: true }) : makeUser(),
      session: makeSession({ category: category as 'bitcoin' | 'usdt' }),
      transactions,
      rates: MANAGED_USDT,
    }),
  );
}

beforeEach(() => {
  fakeRealtime.reset();
});

afterEach(() => {
  cleanup();
  outbox.clear();
  vi.unstubAllGlobals();
});

describe('ConversationView: the chat money', () => {
  it("shows an agent the chat's transactions with Complete / Fail, where trades come from, and the links", async () => {
    stubChat('agent', [makeTransaction({ id: 1 })]);
    renderWithApp(<ConversationView sessionId={7} viewer="agent" />);
    const panel = await screen.findByTestId('transactions-panel');
    expect(within(panel).getByTestId('trades-from-orders')).toBeTruthy();
    expect(await within(panel).findByRole('button', { name: 'Complete AC-7F3K2Q01' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Fail AC-7F3K2Q01' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Process Transaction' }).getAttribute('href')).toBe(
      '/agent/transaction/7',
    );
    expect(screen.getByRole('link', { name: 'Trading history' }).getAttribute('href')).toBe(
      `/agent/trading-history?customerId=${CUSTOMER_ID}`,
    );
    expect(screen.queryByTestId('rate-calculator')).toBeNull();
    // The message input is still there beside it.
    expect(screen.getByPlaceholderText('Type your message...')).toBeTruthy();
  });

  it('folds the transactions away on phones behind "Transactions (n)", never the order', async () => {
    stubChat('agent', [makeTransaction({ id: 1 }), makeTransaction({ id: 2 })]);
    renderWithApp(<ConversationView sessionId={7} viewer="agent" />);
    const toggle = await screen.findByRole('button', { name: 'Transactions (2)' });
    const more = screen.getByTestId('conversation-more');
    expect(toggle.getAttribute('aria-controls')).toBe(more.id);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(more.className).toMatch(/(^| )hidden( |$)/);
    expect(within(more).getByTestId('transactions-panel')).toBeTruthy();
    expect(within(more).queryByTestId('order-panel')).toBeNull();
    act(() => fireEvent.click(toggle));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(more.className).not.toMatch(/(^| )hidden( |$)/);
  });

  it("shows the chat's order first, outside what folds away, live", async () => {
    stubApi(
      conversationRoutes({
        user: makeUser(),
        session: makeSession(),
        orders: [makeOrder({ id: 1, expiresAt: new Date(Date.now() + 600_000).toISOString() })],
      }),
    );
    renderWithApp(<ConversationView sessionId={7} viewer="customer" />);
    const money = await screen.findByTestId('conversation-money');
    const card = await within(money).findByTestId('order-card');
    expect(money.firstElementChild!.getAttribute('data-testid')).toBe('order-panel');
    // Nothing on the folded section hides it: its class list is the section's own.
    expect(money.className).not.toMatch(/(^| )hidden( |$)/);
    expect(within(card).getByTestId('order-countdown')).toBeTruthy();
    // The card says the order's state; the toggle is only the transactions' count.
    expect(await screen.findByRole('button', { name: 'Transactions (0)' })).toBeTruthy();
    act(() =>
      fakeRealtime.emit(
        orderUpdated(makeOrder({ id: 1, state: 'completed', updatedAt: new Date().toISOString() })),
      ),
    );
    await waitFor(() =>
      expect(within(money).getByTestId('order-state').textContent).toBe('Completed'),
    );
  });

  it('shows a customer the transactions, without agent actions, and a calculator locked to the coin', async () => {
    stubChat('customer', [makeTransaction({ id: 1, currency: 'usdt' })], 'usdt');
    renderWithApp(<ConversationView sessionId={7} viewer="customer" />);
    const panel = await screen.findByTestId('transactions-panel');
    expect(await within(panel).findByText('AC-7F3K2Q01', { exact: false })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Record trade' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: /^Complete/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Process Transaction' })).toBeNull();

    const calculator = screen.getByTestId('rate-calculator');
    expect(within(calculator).queryByRole('radiogroup')).toBeNull();
    const rate = await within(calculator).findByTestId('calculator-rate');
    expect(rate.textContent).toContain('₦1,633.83');
    expect(rate.textContent).toContain('USDT');
  });
});

// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Transaction } from '../../../shared/api/transactions';
import { ConversationView } from './conversation-view';
import { outbox } from './outbox';
import { json, stubApi } from '../../testing/api-stub';
import { fakeRealtime } from '../../testing/fake-realtime';
import { AGENT_ID, CUSTOMER_ID, makeSession, makeUser, TEST_PRICES } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render-app';

vi.mock('../../lib/realtime', async () => ({
  useRealtime: (await import('../../testing/fake-realtime')).useFakeRealtime,
}));

const AT = '2026-11-22T08:21:00.000Z';

function makeTransaction(overrides: Partial<Transaction> & { id: number }): Transaction {
  return {
    reference: `AC-7F3K2Q${String(overrides.id).padStart(2, '0')}`,
    chatSessionId: 7,
    customerId: CUSTOMER_ID,
    agentId: AGENT_ID,
    type: 'trade',
    transactionType: 'Sell',
    currency: 'bitcoin',
    amount: '0.05',
    rate: '157254058.50',
    total: '7862702.93',
    status: 'pending',
    reason: null,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

const MANAGED_USDT = {
  usdToNaira: '1650',
  rates: [
    {
      currency: 'usdt',
      buyRateUsd: '1.010202',
      sellRateUsd: '0.990198',
      buyRateNaira: '1666.83',
      sellRateNaira: '1633.83',
      spreadPercentage: '1',
      lastUpdated: AT,
      managed: true,
      published: true,
    },
  ],
};

function stubChat(viewer: 'customer' | 'agent', transactions: Transaction[], category = 'bitcoin') {
  return stubApi({
    'GET /api/auth/user': () =>
      json(viewer === 'agent' ? makeUser({ id: AGENT_ID, isAgent: true }) : makeUser()),
    'GET /api/chat-sessions/7': () =>
      json(makeSession({ category: category as 'bitcoin' | 'usdt' })),
    'GET /api/chat-sessions/7/messages': () => json({ items: [], nextCursor: null }),
    'GET /api/chat-sessions/7/transactions': () => json(transactions),
    'GET /api/exchange-rates': () => json(MANAGED_USDT),
    'GET /api/prices': () => json(TEST_PRICES),
  });
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
  it("shows an agent the chat's transactions with Record trade, Complete / Fail and the links", async () => {
    stubChat('agent', [makeTransaction({ id: 1 })]);
    renderWithApp(<ConversationView sessionId={7} viewer="agent" />);
    const panel = await screen.findByTestId('transactions-panel');
    expect(within(panel).getByRole('button', { name: 'Record trade' })).toBeTruthy();
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

  it('toggles the section on phones with "Transactions (n)"', async () => {
    stubChat('agent', [makeTransaction({ id: 1 }), makeTransaction({ id: 2 })]);
    renderWithApp(<ConversationView sessionId={7} viewer="agent" />);
    const toggle = await screen.findByRole('button', { name: 'Transactions (2)' });
    const money = screen.getByTestId('conversation-money');
    expect(toggle.getAttribute('aria-controls')).toBe(money.id);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(money.className).toMatch(/(^| )hidden( |$)/);
    act(() => fireEvent.click(toggle));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(money.className).not.toMatch(/(^| )hidden( |$)/);
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

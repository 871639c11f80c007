// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../../lib/toast';
import { TransactionsPanel } from './transactions-panel';
import { type ApiCall, json, stubApi } from '../../../testing/api-stub';
import { fakeRealtime } from '../../../testing/fake-realtime';
import { makeTransaction, MANAGED_RATES, TEST_PRICES } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render-app';

beforeEach(() => fakeRealtime.reset());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastStore.remove();
});

function stub(overrides: Record<string, (call: ApiCall) => Response> = {}) {
  return stubApi({
    'GET /api/chat-sessions/7/transactions': () =>
      json([makeTransaction({ id: 1, status: 'completed' })]),
    'GET /api/exchange-rates': () => json(MANAGED_RATES),
    'GET /api/prices': () => json(TEST_PRICES),
    ...overrides,
  });
}

const cards = () => screen.queryAllByTestId('transaction-card');

describe('TransactionsPanel', () => {
  it("shows the chat's transactions to its customer, live, with no agent controls", async () => {
    stub();
    renderWithApp(<TransactionsPanel chatSessionId={7} viewer="customer" />, '/chat/7');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.queryByTestId('trades-from-orders')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Complete/ })).toBeNull();

    // A new trade in this chat arrives; one in another chat does not show here.
    act(() =>
      fakeRealtime.emit({
        id: 50,
        type: 'transaction.created',
        chatSessionId: 7,
        transaction: makeTransaction({ id: 2 }),
      }),
    );
    act(() =>
      fakeRealtime.emit({
        id: 51,
        type: 'transaction.created',
        chatSessionId: 8,
        transaction: makeTransaction({ id: 3, chatSessionId: 8 }),
      }),
    );
    await waitFor(() => expect(cards().map((c) => c.dataset.transactionId)).toEqual(['2', '1']));
    act(() =>
      fakeRealtime.emit({
        id: 52,
        type: 'transaction.updated',
        chatSessionId: 7,
        transaction: makeTransaction({ id: 2, status: 'failed' }),
      }),
    );
    await waitFor(() =>
      expect(within(cards()[0]!).getByTestId('transaction-status').textContent).toBe('Failed'),
    );
    expect(within(cards()[0]!).getByTestId('trade-outcome').textContent).toBe('Failed: not paid');
    // The completed one says what the customer was paid, in naira.
    expect(within(cards()[1]!).getByTestId('trade-outcome').textContent).toBe('Paid ₦7,862,702.93');
  });

  it('records no trade by hand: it tells the agent a trade comes from an order (Send quote)', async () => {
    const calls = stub({
      'GET /api/chat-sessions/7/transactions': () =>
        json([makeTransaction({ id: 1, status: 'completed', manual: true })]),
    });
    renderWithApp(
      <TransactionsPanel
        chatSessionId={7}
        viewer="agent"
        customerId="11111111-1111-4111-8111-1111abcd1234"
      />,
      '/chat/7',
    );
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByTestId('trades-from-orders').textContent).toMatch(
      /send the customer a quote with Send quote/,
    );
    expect(screen.queryByRole('button', { name: 'Record trade' })).toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
    // The old trade recorded by hand is marked as such.
    expect(within(cards()[0]!).getByTestId('transaction-manual').textContent).toBe(
      'Manual, before orders',
    );
    expect(
      screen.getByRole('link', { name: "Customer's trading history" }).getAttribute('href'),
    ).toBe('/agent/trading-history?customerId=11111111-1111-4111-8111-1111abcd1234');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('completes or fails a pending one, and shows what it became when someone was first', async () => {
    const calls = stub({
      'GET /api/chat-sessions/7/transactions': () =>
        json([makeTransaction({ id: 2 }), makeTransaction({ id: 1 })]),
      'PATCH /api/transactions/2/status': () =>
        json(makeTransaction({ id: 2, status: 'completed' })),
      'PATCH /api/transactions/1/status': () =>
        json({ error: 'This transaction is already failed and cannot change' }, 409),
    });
    renderWithApp(
      <TransactionsPanel chatSessionId={7} viewer="agent" customerName="Ada Obi" />,
      '/chat/7',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Complete AC-7F3K2Q02' }));
    // Nothing is sent before the agent confirms, in a dialog naming the customer and the total.
    const dialog = await screen.findByRole('dialog', { name: 'Complete this transaction?' });
    expect(within(dialog).getByTestId('confirm-customer').textContent).toBe('Ada Obi');
    expect(within(dialog).getByTestId('confirm-total').textContent).toBe('₦7,862,702.93');
    expect(within(dialog).getByTestId('confirm-amount').textContent).toBe('0.05 BTC');
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Complete AC-7F3K2Q02' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Complete transaction',
      }),
    );
    await waitFor(() =>
      expect(within(cards()[0]!).getByTestId('transaction-status').textContent).toBe('Completed'),
    );
    expect(screen.queryByRole('button', { name: 'Complete AC-7F3K2Q02' })).toBeNull();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ status: 'completed' });

    fireEvent.click(screen.getByRole('button', { name: 'Fail AC-7F3K2Q01' }));
    const fail = await screen.findByRole('dialog', { name: 'Fail this transaction?' });
    expect(within(fail).getByTestId('confirm-customer').textContent).toBe('Ada Obi');
    expect(within(fail).getByTestId('confirm-total').textContent).toBe('₦7,862,702.93');
    fireEvent.click(within(fail).getByRole('button', { name: 'Fail transaction' }));
    await waitFor(() =>
      expect(toastStore.getSnapshot()[0]?.description).toBe(
        'This transaction is already failed and cannot change',
      ),
    );
    expect(calls.filter((c) => c.path === '/api/chat-sessions/7/transactions').length).toBe(2);
  });
});

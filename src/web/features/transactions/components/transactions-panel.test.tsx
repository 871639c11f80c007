// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../../lib/toast';
import {
  fakeRealtime,
  json,
  makeTransaction,
  MANAGED_RATES,
  renderWithApp,
  stubApi,
  TEST_PRICES,
  type ApiCall,
} from '../test-support';
import { TransactionsPanel } from './transactions-panel';

vi.mock('../../../lib/realtime', async () => ({
  useRealtime: (await import('../test-support')).useFakeRealtime,
}));

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
    expect(screen.queryByRole('button', { name: 'Record trade' })).toBeNull();
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
  });

  it('lets an agent record a trade at the managed sell rate, previewing the total', async () => {
    const calls = stub({
      'POST /api/transactions': (call) => {
        const body = call.body as { amount: string; rate: string; currency: 'bitcoin' };
        return json(makeTransaction({ id: 5, amount: body.amount, rate: body.rate }), 201);
      },
    });
    renderWithApp(
      <TransactionsPanel
        chatSessionId={7}
        viewer="agent"
        customerId="11111111-1111-4111-8111-1111abcd1234"
        defaultCurrency="bitcoin"
      />,
      '/chat/7',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Record trade' }));
    const form = screen.getByRole('form', { name: 'Record trade' });
    const rate = within(form).getByLabelText('Rate (₦ per BTC)') as HTMLInputElement;
    await waitFor(() => expect(rate.value).toBe('157254058.50'));
    expect(within(form).getByText('Our managed sell rate')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Amount (BTC)'), { target: { value: '0.05' } });
    expect(screen.getByTestId('trade-total-preview').textContent).toBe('₦7,862,702.93');

    // Another coin: its own managed rate, until the agent types one.
    fireEvent.change(within(form).getByLabelText('Currency'), { target: { value: 'usdt' } });
    expect((within(form).getByLabelText('Rate (₦ per USDT)') as HTMLInputElement).value).toBe(
      '1633.83',
    );
    fireEvent.change(within(form).getByLabelText('Currency'), { target: { value: 'bitcoin' } });
    fireEvent.change(rate, { target: { value: '157000000' } });
    expect(screen.getByTestId('trade-total-preview').textContent).toBe('₦7,850,000.00');
    fireEvent.change(within(form).getByLabelText('Status'), { target: { value: 'completed' } });

    fireEvent.click(within(form).getByRole('button', { name: 'Record Trade' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      chatSessionId: 7,
      customerId: '11111111-1111-4111-8111-1111abcd1234',
      type: 'trade',
      currency: 'bitcoin',
      amount: '0.05',
      rate: '157000000',
      status: 'completed',
    });
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.queryByRole('form', { name: 'Record trade' })).toBeNull();
    expect(
      screen.getByRole('link', { name: "Customer's trading history" }).getAttribute('href'),
    ).toBe('/agent/trading-history?customerId=11111111-1111-4111-8111-1111abcd1234');
  });

  it('says why a trade cannot be recorded yet', async () => {
    const calls = stub();
    renderWithApp(<TransactionsPanel chatSessionId={7} viewer="agent" />, '/chat/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Record trade' }));
    const form = screen.getByRole('form', { name: 'Record trade' });
    fireEvent.click(within(form).getByRole('button', { name: 'Record Trade' }));
    expect(within(form).getByText('Amount is required')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Amount (BTC)'), {
      target: { value: '0.123456789' },
    });
    expect(within(form).getByText('Amount can have at most 8 decimal places')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
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
    renderWithApp(<TransactionsPanel chatSessionId={7} viewer="agent" />, '/chat/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Complete AC-7F3K2Q02' }));
    await waitFor(() =>
      expect(within(cards()[0]!).getByTestId('transaction-status').textContent).toBe('Completed'),
    );
    expect(screen.queryByRole('button', { name: 'Complete AC-7F3K2Q02' })).toBeNull();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ status: 'completed' });

    fireEvent.click(screen.getByRole('button', { name: 'Fail AC-7F3K2Q01' }));
    await waitFor(() =>
      expect(toastStore.getSnapshot()[0]?.description).toBe(
        'This transaction is already failed and cannot change',
      ),
    );
    expect(calls.filter((c) => c.path === '/api/chat-sessions/7/transactions').length).toBe(2);
  });
});

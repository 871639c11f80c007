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
    expect(within(cards()[0]!).getByTestId('trade-outcome').textContent).toBe('Failed: not paid');
    // The completed one says what the customer was paid, in naira.
    expect(within(cards()[1]!).getByTestId('trade-outcome').textContent).toBe('Paid ₦7,862,702.93');
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
    // Naira shows its thousands separators; what is sent stays a plain decimal (below).
    await waitFor(() => expect(rate.value).toBe('157,254,058.50'));
    expect(within(form).getByText('Our managed sell rate')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Amount (BTC)'), { target: { value: '0.05' } });
    expect(screen.getByTestId('trade-total-preview').textContent).toBe('₦7,862,702.93');

    // Another coin: its own managed rate, until the agent types one.
    fireEvent.change(within(form).getByLabelText('Currency'), { target: { value: 'usdt' } });
    expect((within(form).getByLabelText('Rate (₦ per USDT)') as HTMLInputElement).value).toBe(
      '1,633.83',
    );
    fireEvent.change(within(form).getByLabelText('Currency'), { target: { value: 'bitcoin' } });
    // Typed with or without separators, the field shows them and keeps the plain figure.
    fireEvent.change(rate, { target: { value: '157,000,0000' } });
    expect(rate.value).toBe('1,570,000,000');
    fireEvent.change(rate, { target: { value: '157000000' } });
    expect(rate.value).toBe('157,000,000');
    expect(screen.getByTestId('trade-total-preview').textContent).toBe('₦7,850,000.00');
    // Trades are recorded pending: there is no status to choose.
    expect(within(form).queryByLabelText('Status')).toBeNull();

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
    fireEvent.change(within(form).getByLabelText('Amount (BTC)'), { target: { value: '-0.5' } });
    expect(within(form).getByText('Amount must be positive')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('asks for a reason when the server finds the rate past the guard, and sends it', async () => {
    let tries = 0;
    const calls = stub({
      'POST /api/transactions': (call) => {
        tries++;
        if (!(call.body as { confirmation?: unknown }).confirmation) {
          return json(
            {
              error:
                'The rate ₦180,000,000.00 is 14.46 % above our managed rate ₦157,254,058.50; confirm it with a reason to record the trade',
              confirmationRequired: true,
              deviationPercent: '14.46',
              referenceRate: '157254058.50',
              referenceSource: 'managed',
            },
            409,
          );
        }
        return json(makeTransaction({ id: 5, rate: '180000000', total: '1800000.00' }), 201);
      },
    });
    renderWithApp(
      <TransactionsPanel chatSessionId={7} viewer="agent" defaultCurrency="bitcoin" />,
      '/chat/7',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Record trade' }));
    const form = screen.getByRole('form', { name: 'Record trade' });
    fireEvent.change(within(form).getByLabelText('Amount (BTC)'), { target: { value: '0.01' } });
    fireEvent.change(within(form).getByLabelText('Rate (₦ per BTC)'), {
      target: { value: '180000000' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Record Trade' }));
    const question = await within(form).findByTestId('trade-guard-question');
    expect(question.textContent).toMatch(/14\.46 % above our managed rate ₦157,254,058\.50/);

    // No reason yet: the form says what is missing and sends nothing.
    fireEvent.click(within(form).getByRole('button', { name: 'Confirm rate and record' }));
    expect(within(form).getByText('Give a reason of at least 5 characters')).toBeTruthy();
    expect(tries).toBe(1);

    fireEvent.change(within(form).getByLabelText('Reason for this rate'), {
      target: { value: 'Agreed with the customer by phone' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Confirm rate and record' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.at(-1)!.body).toMatchObject({
      rate: '180000000',
      confirmation: { reason: 'Agreed with the customer by phone' },
    });
    // The same request, now confirmed: the same Idempotency-Key.
    expect(posts[0]!.headers.get('Idempotency-Key')).toBe(posts[1]!.headers.get('Idempotency-Key'));
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

// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderChain, RequotePreview } from '../../../../shared/api/orders';
import { stubApi } from '../../../testing/api-stub';
import { makeOrder, makePayoutAccount, orderStep } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render-app';
import { OrderCard } from './order-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TX = 'c'.repeat(64);
/** 0.0099 BTC of the 0.01 ordered at ₦151,320,000.00: ₦15,132.00 short. */
const shortChain: OrderChain = {
  confirmations: 1,
  confirmationsRequired: 2,
  receivedCrypto: '0.00990000',
  firstSeenAt: '2026-11-22T08:25:00.000Z',
  problem: "Received 0.0099 BTC: 0.0001 BTC (₦15,132.00) short of the order's 0.01 BTC",
  checkedAt: '2026-11-22T08:30:00.000Z',
  differenceCrypto: '-0.00010000',
  differenceNaira: '-15132.00',
  problemKind: 'short',
  payoutHeld: false,
  confirmedByHand: false,
};

function seen(overrides: Partial<Order> = {}): Order {
  return makeOrder({
    id: 1,
    state: 'deposit_seen',
    txHash: TX,
    chain: shortChain,
    timeline: [orderStep('awaiting_deposit'), orderStep('deposit_seen')],
    ...overrides,
  });
}

/** The server's re-quote figures for `seen()`: its payout account, BTC 5 % under the market. */
const requotePreview: RequotePreview = {
  coin: 'bitcoin',
  amountCrypto: '0.00990000',
  rateNaira: '151320000.00',
  totalNaira: '1498068.00',
  wasAmountCrypto: '0.01000000',
  wasTotalNaira: '1513200.00',
  payoutAccount: makePayoutAccount(),
  marketRateNaira: '159284210.53',
  marketDeviationPercent: '-5.00',
  requoteVersion: '0.00990000',
};

const card = (order: Order, viewer: 'customer' | 'agent') =>
  renderWithApp(<OrderCard order={order} viewer={viewer} />, '/chat/7');

describe('a deposit outside the tolerance, on the card', () => {
  it('shows the agent the difference in BTC and naira and re-quotes at the received amount', async () => {
    const requoted = seen({
      state: 'requoted',
      amountCrypto: '0.00990000',
      totalNaira: '1498068.00',
      chain: { ...shortChain, differenceCrypto: null, differenceNaira: null, problem: null },
    });
    const calls = stubApi({
      'GET /api/orders/:id/requote-preview': { body: requotePreview },
      'POST /api/orders/:id/requote': () => ({ body: requoted }),
    });
    card(seen(), 'agent');
    const panel = screen.getByTestId('deposit-difference');
    expect(within(panel).getByRole('heading').textContent).toBe(
      'Short deposit: outside the tolerance',
    );
    expect(within(panel).getByTestId('deposit-difference-crypto').textContent).toBe('−0.0001 BTC');
    expect(within(panel).getByTestId('deposit-difference-naira').textContent).toBe('−₦15,132.00');
    // The server's figures, before the button: rate, market, coins, total, account, no lock.
    const preview = await within(panel).findByTestId('requote-preview');
    expect(
      within(preview)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual([
      '₦151,320,000.00 / BTC (locked)',
      '5.00 % below the market ₦159,284,210.53',
      '0.0099 BTC',
      '₦1,498,068.00',
      '₦1,513,200.00',
      'None: the coins are with the desk',
    ]);
    expect(within(panel).getByTestId('payout-account-number').textContent).toBe('0123451234');
    fireEvent.click(within(panel).getByRole('button', { name: 'Re-quote at received amount' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('0.0099 BTC');
    expect(dialog.textContent).toContain('₦1,498,068.00');
    expect(dialog.textContent).toContain('₦1,513,200.00');
    expect(dialog.textContent).toContain('GTBank 0123451234 · ADA LOVELACE');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the new total' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
        '/api/orders/1/requote',
      ]),
    );
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.headers.get('Idempotency-Key')).toBeTruthy();
    // It sets exactly what was previewed.
    expect(post.body).toEqual({ requoteVersion: '0.00990000' });
  });

  it('a re-quote refused because the amount changed shows the new figures, and sends them next', async () => {
    const changed: RequotePreview = {
      ...requotePreview,
      amountCrypto: '0.00980000',
      totalNaira: '1482936.00',
      requoteVersion: '0.00980000',
    };
    const calls = stubApi({
      'GET /api/orders/:id/requote-preview': { body: requotePreview },
      'POST /api/orders/:id/requote': (call) =>
        (call.body as { requoteVersion: string }).requoteVersion === '0.00980000'
          ? { body: seen({ state: 'requoted' }) }
          : {
              status: 409,
              body: {
                error: 'The amount received changed: the new total is now ₦1,482,936.00',
                code: 'requote_changed',
                preview: changed,
              },
            },
    });
    card(seen(), 'agent');
    const panel = screen.getByTestId('deposit-difference');
    const send = async () => {
      fireEvent.click(
        await within(panel).findByRole('button', { name: 'Re-quote at received amount' }),
      );
      fireEvent.click(
        within(await screen.findByRole('dialog')).getByRole('button', {
          name: 'Send the new total',
        }),
      );
    };
    await send();
    expect(
      await within(panel).findByText(
        'The amount received changed: the new total is now ₦1,482,936.00',
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect(within(panel).getByTestId('order-new-total').textContent).toBe('₦1,482,936.00'),
    );
    expect(within(panel).getByTestId('order-customer-sent').textContent).toBe('0.0098 BTC');
    await send();
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body as object)).toEqual([
        { requoteVersion: '0.00990000' },
        { requoteVersion: '0.00980000' },
      ]),
    );
  });

  it('returns it with a reason, then takes the return tx hash', async () => {
    const calls = stubApi({
      'GET /api/orders/:id/requote-preview': { body: requotePreview },
      'POST /api/orders/:id/return-deposit': () => ({ body: seen({ state: 'deposit_returning' }) }),
    });
    card(seen(), 'agent');
    fireEvent.click(screen.getByRole('button', { name: 'Return it' }));
    fireEvent.change(screen.getByLabelText('Why it goes back'), {
      target: { value: 'Customer wants them back' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Return it' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Return it' }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/orders/1/return-deposit')?.body).toEqual({
        reason: 'Customer wants them back',
      }),
    );
    cleanup();
    card(seen({ state: 'deposit_returning' }), 'agent');
    fireEvent.change(screen.getByLabelText('Tx hash of the return'), {
      target: { value: 'nope' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Record the return' }));
    expect(
      await screen.findByText('A Bitcoin transaction id is 64 hexadecimal characters (0-9, a-f)'),
    ).toBeTruthy();
  });

  it('an over deposit says over; a late one cannot be re-quoted', () => {
    card(
      seen({
        chain: {
          ...shortChain,
          receivedCrypto: '0.01020000',
          differenceCrypto: '0.00020000',
          differenceNaira: '30264.00',
          firstSeenAt: '2026-11-22T09:00:00.000Z',
        },
      }),
      'agent',
    );
    expect(screen.getByTestId('deposit-difference-crypto').textContent).toBe('+0.0002 BTC');
    expect(screen.getByTestId('deposit-difference-naira').textContent).toBe('+₦30,264.00');
    expect(
      screen.getByRole('heading', { name: 'Over deposit: outside the tolerance' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Re-quote at received amount' })).toBeNull();
    expect(screen.getByText(/cannot be re-quoted at the locked rate/)).toBeTruthy();
  });

  it('the customer never sees the difference; a re-quote asks them to accept the new total', async () => {
    const { unmount } = card(seen(), 'customer');
    expect(screen.queryByTestId('deposit-difference')).toBeNull();
    unmount();
    const calls = stubApi({
      'POST /api/orders/:id/accept-requote': () => ({ body: seen() }),
    });
    card(
      seen({ state: 'requoted', amountCrypto: '0.00990000', totalNaira: '1498068.00' }),
      'customer',
    );
    expect(screen.getByTestId('requoted').textContent).toContain(
      'The desk received 0.0099 BTC, not the amount ordered. New total at your locked rate: ₦1,498,068.00.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Accept the new total' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Accept' }),
    );
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/orders/1/accept-requote'));
  });

  it('a payout a reorganised block holds: no payout form, a confirmation by hand with a reason', () => {
    card(
      seen({
        state: 'deposit_confirmed',
        chain: {
          ...shortChain,
          confirmations: 0,
          differenceCrypto: null,
          differenceNaira: null,
          problem:
            'Confirmations went back to 0 of 2 (a reorganised block): the payout waits until they are back, or an agent confirms it by hand with a reason',
          problemKind: 'reorg',
          payoutHeld: true,
        },
      }),
      'agent',
    );
    expect(screen.getByTestId('payout-held').textContent).toContain(
      'Payout on hold: the chain shows 0 of 2 confirmations again.',
    );
    expect(screen.getByLabelText('Reason to pay out anyway')).toBeTruthy();
    expect(screen.queryByText(/Bank reference/)).toBeNull();
  });
});

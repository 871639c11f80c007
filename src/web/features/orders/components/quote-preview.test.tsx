// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderPreview } from '../../../../shared/api/orders';
import type { RatesResponse } from '../../../../shared/api/rates';
import { type ApiCall, type ApiRoutes, json, stubApi } from '../../../testing/api-stub';
import { fakeRealtime } from '../../../testing/fake-realtime';
import {
  MANAGED_RATES,
  makeOrder,
  makeOrderPreview,
  makePayoutAccount,
  TEST_PRICES,
} from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render-app';
import { ChatOrderPanel } from '../../../testing/chat-order-panel';

beforeEach(() => fakeRealtime.reset());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** What the server previews after an agent saved BTC at ₦150,000,000.00. */
const AFTER_SAVE = makeOrderPreview({
  rateNaira: '150000000.00',
  totalNaira: '1500000.00',
  marketDeviationPercent: '-6.52',
  rateVersion: '150000000.00',
});

/** The preview route answers `answers` in turn (the last one again once they run out). */
function previews(...answers: OrderPreview[]) {
  let next = 0;
  return () => json(answers[Math.min(next++, answers.length - 1)]);
}

function stub(routes: ApiRoutes = {}, rates: RatesResponse = MANAGED_RATES) {
  return stubApi({
    'GET /api/orders': { body: { items: [], nextCursor: null } },
    'GET /api/payout-accounts': { body: [makePayoutAccount()] },
    'GET /api/exchange-rates': { body: rates },
    'GET /api/prices': { body: TEST_PRICES },
    'POST /api/orders/preview': previews(makeOrderPreview()),
    ...routes,
  });
}

const posts = (calls: ApiCall[], path: string) =>
  calls.filter((c) => c.method === 'POST' && c.path === path);

function render(viewer: 'customer' | 'agent') {
  return renderWithApp(
    <ChatOrderPanel chatSessionId={7} viewer={viewer} defaultCoin="bitcoin" />,
    '/chat/7',
  );
}

/** The customer's Sell form with 0.01 BTC typed in and its first preview shown. */
async function sellOneHundredth() {
  const form = await screen.findByTestId('sell-form');
  fireEvent.change(within(form).getByLabelText('Amount (BTC)'), { target: { value: '0.01' } });
  await waitFor(() =>
    expect(within(form).getByTestId('order-you-receive').textContent).toBe('₦1,513,200.00'),
  );
  const lock = within(form).getByRole('button', { name: 'Lock rate and sell' });
  await waitFor(() => expect(lock).toHaveProperty('disabled', false));
  return { form, lock };
}

describe('the Sell form’s preview', () => {
  it('follows a rates change live: the preview is priced again, no reload', async () => {
    const calls = stub({ 'POST /api/orders/preview': previews(makeOrderPreview(), AFTER_SAVE) });
    render('customer');
    const { form } = await sellOneHundredth();
    const asked = posts(calls, '/api/orders/preview').length;
    act(() => fakeRealtime.emit({ id: 91_000, type: 'rates.updated' }));
    await waitFor(() =>
      expect(within(form).getByTestId('order-you-receive').textContent).toBe('₦1,500,000.00'),
    );
    expect(within(form).getByTestId('order-rate').textContent).toBe('₦150,000,000.00 / BTC');
    expect(posts(calls, '/api/orders/preview')).toHaveLength(asked + 1);
    // The rates themselves (the chat's calculator) are fetched again too.
    expect(calls.filter((c) => c.path === '/api/exchange-rates').length).toBeGreaterThan(1);
  });

  it('a 409 "rate changed" shows the new figures; the next click locks them', async () => {
    let tries = 0;
    const calls = stub({
      'POST /api/orders': () =>
        ++tries === 1
          ? json(
              {
                error: 'The rate changed: you would now receive ₦1,500,000.00',
                code: 'rate_changed',
                preview: AFTER_SAVE,
              },
              409,
            )
          : json(makeOrder({ id: 1, rateNaira: '150000000.00', totalNaira: '1500000.00' }), 201),
    });
    render('customer');
    const { form, lock } = await sellOneHundredth();
    fireEvent.click(lock);
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'The rate changed: you would now receive ₦1,500,000.00',
    );
    expect(within(form).getByTestId('order-you-receive').textContent).toBe('₦1,500,000.00');
    fireEvent.click(lock);
    await screen.findByTestId('order-card');
    expect(posts(calls, '/api/orders').map((c) => (c.body as OrderPreview).rateVersion)).toEqual([
      '151320000.00',
      '150000000.00',
    ]);
  });

  it('a rate the desk does not publish: says so, offers the chat, prices and locks nothing', async () => {
    const unpublished: RatesResponse = {
      ...MANAGED_RATES,
      rates: MANAGED_RATES.rates.map((r) =>
        r.currency === 'bitcoin'
          ? { ...r, published: false, sellRateNaira: null, buyRateNaira: null }
          : r,
      ),
    };
    const calls = stub({}, unpublished);
    render('customer');
    const form = await screen.findByTestId('sell-form');
    expect((await within(form).findByTestId('rate-updating')).textContent).toBe(
      'Our desk is updating its BTC rate. Please ask the agent in this chat for a quote.',
    );
    fireEvent.change(within(form).getByLabelText('Amount (BTC)'), { target: { value: '0.01' } });
    expect(within(form).queryByRole('button', { name: 'Lock rate and sell' })).toBeNull();
    expect(posts(calls, '/api/orders/preview')).toHaveLength(0);
  });

  it.each([
    ['bitcoin', '-1', 'Amount must be more than 0'],
    ['usdt', '1.1234567', 'A USDT amount has at most 6 decimal places'],
  ])(
    'says what is wrong with a %s amount of %s before asking the server',
    async (coin, amount, problem) => {
      const calls = stub();
      render('customer');
      const form = await screen.findByTestId('sell-form');
      fireEvent.change(within(form).getByLabelText('Coin'), { target: { value: coin } });
      const symbol = coin === 'usdt' ? 'USDT' : 'BTC';
      fireEvent.change(within(form).getByLabelText(`Amount (${symbol})`), {
        target: { value: amount },
      });
      expect(await within(form).findByText(problem)).toBeTruthy();
      expect(posts(calls, '/api/orders/preview')).toHaveLength(0);
    },
  );
});

describe('the agent’s quote form', () => {
  it('a rate outside the market guard is quoted only with a reason, sent with the quote', async () => {
    const pastGuard = makeOrderPreview({
      rateNaira: '112324327.50',
      totalNaira: '1123243.28',
      marketDeviationPercent: '-30.00',
      published: false,
      rateVersion: '112324327.50',
    });
    const calls = stub({
      'POST /api/orders/preview': previews(pastGuard),
      'POST /api/orders': () => json(makeOrder({ id: 1, state: 'quoted' }), 201),
    });
    render('agent');
    fireEvent.click(await screen.findByRole('button', { name: 'Send a quote' }));
    const form = screen.getByRole('form', { name: 'Send a quote' });
    fireEvent.change(within(form).getByLabelText('Amount (BTC)'), { target: { value: '0.01' } });
    const guard = await within(form).findByTestId('quote-guard');
    expect(guard.textContent).toContain(
      'This rate is 30.00 % below the market ₦160,463,325.00 and not shown to customers.',
    );
    const send = within(form).getByRole('button', { name: 'Send quote' });
    await waitFor(() => expect(send).toHaveProperty('disabled', false));
    fireEvent.click(send);
    expect(await within(form).findByText('Give a reason of at least 5 characters')).toBeTruthy();
    expect(posts(calls, '/api/orders')).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('Reason'), {
      target: { value: 'Agreed with the customer on the phone' },
    });
    fireEvent.click(send);
    await waitFor(() => expect(posts(calls, '/api/orders')).toHaveLength(1));
    expect(posts(calls, '/api/orders')[0]!.body).toEqual({
      chatSessionId: 7,
      coin: 'bitcoin',
      amount: '0.01',
      rateVersion: '112324327.50',
      confirmation: { reason: 'Agreed with the customer on the phone' },
    });
  });
});

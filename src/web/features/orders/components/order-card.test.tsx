// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../../shared/api/orders';
import { formatDateTime } from '../../../lib/format';
import { makeOrder, orderStep } from '../../../testing/fixtures';
import { TEST_CONFIG } from '../../../testing/render-app';
import { TestProviders } from '../../../testing/test-providers';
import { depositQrText } from '../../../../shared/orders/deposit-qr';
import { OrderCard } from './order-card';

const NOW = new Date('2026-11-28T10:00:00.000Z');

function renderCard(order: Order, viewer: 'customer' | 'agent' = 'customer') {
  return render(
    <TestProviders config={TEST_CONFIG}>
      <OrderCard order={order} viewer={viewer} />
    </TestProviders>,
  );
}
const stateOf = () => screen.getByTestId('order-state').textContent;
/** Moves the fake clock, letting React render what the timers set. */
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('OrderCard', () => {
  it('turns "Expired" at 0:00 on its own, not when the server next says so, with "Ask for a new quote"', () => {
    // The lock ends 300 ms past a whole second from now: the clock ticks on its seconds.
    renderCard(makeOrder({ id: 1, expiresAt: new Date(NOW.getTime() + 65_300).toISOString() }));
    expect(screen.getByTestId('order-countdown').textContent).toBe('Rate locked for 1:06');
    advance(300);
    expect(screen.getByTestId('order-countdown').textContent).toBe('Rate locked for 1:05');
    advance(64_000);
    expect(screen.getByTestId('order-countdown').textContent).toBe('Rate locked for 0:01');
    advance(999);
    expect(stateOf()).toBe('Awaiting deposit');
    expect(screen.getByTestId('deposit-address')).toBeTruthy();
    advance(1);
    expect(stateOf()).toBe('Expired');
    expect(screen.getByTestId('order-card').dataset.state).toBe('expired');
    expect(screen.getByTestId('order-expired').textContent).toBe(
      'The rate lock ended before a deposit. Do not send coins to this order. Ask for a new quote in this chat.',
    );
    expect(screen.queryByTestId('order-countdown')).toBeNull();
    expect(screen.queryByTestId('deposit-address')).toBeNull();
    expect(screen.queryByRole('button', { name: "I've sent it" })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('after the deposit is confirmed, counts down to the payout deadline (PAYOUT_SLA_MINUTES)', () => {
    const confirmedAt = new Date(NOW.getTime() - 10 * 60_000).toISOString();
    renderCard(
      makeOrder({
        id: 2,
        state: 'deposit_confirmed',
        txHash: 'c'.repeat(64),
        timeline: [
          orderStep('awaiting_deposit'),
          orderStep('deposit_seen'),
          { ...orderStep('deposit_confirmed'), at: confirmedAt },
        ],
      }),
    );
    expect(screen.getByTestId('payout-deadline').textContent).toBe(
      'Deposit confirmed. Your ₦1,513,200.00 is due within 20:00.',
    );
    advance(19 * 60_000 + 59_000);
    expect(screen.getByTestId('payout-deadline').textContent).toBe(
      'Deposit confirmed. Your ₦1,513,200.00 is due within 0:01.',
    );
    advance(1_000);
    expect(screen.getByTestId('payout-deadline').textContent).toBe(
      'Your ₦1,513,200.00 is late. The desk sees it as overdue; your agent will update you here.',
    );
  });

  it('a dispute tells the customer what happens next and by when (DISPUTE_RESPONSE_HOURS)', () => {
    renderCard(
      makeOrder({
        id: 5,
        state: 'disputed',
        timeline: [
          orderStep('payout_sent'),
          { ...orderStep('disputed'), actor: 'customer', at: '2026-11-28T09:30:00.000Z' },
        ],
      }),
    );
    const next = screen.getByTestId('dispute-next');
    expect(next.textContent).toBe(
      `An admin is checking the payout with the bank. You will hear from them in this chat by ${formatDateTime('2026-11-29T09:30:00.000Z')}: either the payout is confirmed and the order completed, or your coins are sent back.`,
    );
    expect(next.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-29T09:30:00.000Z');
  });

  it('the cancel dialog says "Keep order" and "Cancel order"', () => {
    renderCard(makeOrder({ id: 3, expiresAt: new Date(NOW.getTime() + 600_000).toISOString() }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog');
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent)
        .filter((t) => t === 'Keep order' || t === 'Cancel order'),
    ).toEqual(['Keep order', 'Cancel order']);
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(stateOf()).toBe('Awaiting deposit');
  });

  it('the BTC deposit QR holds a BIP21 URI with the amount; USDT-TRC20 the address', async () => {
    const address = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    expect(depositQrText({ network: 'BTC', amountCrypto: '0.01593889' }, address)).toBe(
      `bitcoin:${address}?amount=0.01593889`,
    );
    expect(depositQrText({ network: 'BTC', amountCrypto: '0.01000000' }, address)).toBe(
      `bitcoin:${address}?amount=0.01`,
    );
    const tron = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    expect(depositQrText({ network: 'USDT-TRC20', amountCrypto: '100.000000' }, tron)).toBe(tron);
    renderCard(makeOrder({ id: 4, expiresAt: new Date(NOW.getTime() + 600_000).toISOString() }));
    // The QR encoder is a chunk of its own, loaded when the address shows (the clock is fake).
    vi.useRealTimers();
    expect((await screen.findByTestId('deposit-qr')).getAttribute('aria-label')).toBe(
      `QR code of the deposit address ${address} and the amount 0.01 BTC`,
    );
  });
});

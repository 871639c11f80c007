// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../../shared/api/orders';
import { toastStore } from '../../../lib/toast';
import { type ApiCall, type ApiRoutes, json, stubApi } from '../../../testing/api-stub';
import { fakeRealtime } from '../../../testing/fake-realtime';
import {
  AGENT_ID,
  makeAgent,
  makeOrder,
  makePayoutAccount,
  orderStep,
} from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render-app';
import { OrderPanel } from './order-panel';

vi.mock('../../../lib/realtime', async () => ({
  useRealtime: (await import('../../../testing/fake-realtime')).useFakeRealtime,
}));

beforeEach(() => fakeRealtime.reset());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastStore.remove();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const TX = 'a'.repeat(64);
const later = () => new Date(Date.now() + 1000).toISOString();

/** An agent's quote: no address, no account, its lock ending 14 minutes from now. */
function quote(overrides: Partial<Order> = {}): Order {
  return makeOrder({
    id: 1,
    state: 'quoted',
    depositAddress: null,
    payoutAccount: null,
    expiresAt: new Date(Date.now() + 14 * 60_000 + 5_000).toISOString(),
    timeline: [orderStep('quoted', { actor: 'agent', actorId: AGENT_ID })],
    ...overrides,
  });
}

/** A paid order the customer disputed with a note. */
function disputed(overrides: Partial<Order> = {}): Order {
  return makeOrder({
    id: 1,
    state: 'disputed',
    txHash: TX,
    bankReference: 'FT2611220001',
    timeline: [
      orderStep('awaiting_deposit'),
      orderStep('payout_sent', { actor: 'agent', actorId: AGENT_ID }),
      orderStep('disputed', { note: 'Nothing arrived yet' }),
    ],
    ...overrides,
  });
}

function stub(orders: Order[], routes: ApiRoutes = {}) {
  return stubApi({
    'GET /api/orders': { body: { items: orders, nextCursor: null } },
    ...routes,
  });
}

function render(viewer: 'customer' | 'agent') {
  return renderWithApp(
    <OrderPanel chatSessionId={7} viewer={viewer} defaultCoin="bitcoin" />,
    '/chat/7',
  );
}

const stateOf = () => screen.getByTestId('order-state').textContent;
const posts = (calls: ApiCall[], path: string) =>
  calls.filter((c) => c.method === 'POST' && c.path === path);

describe("an agent's quote", () => {
  it('the agent sends it in naira from the chat; the card shows it quoted, counting down', async () => {
    const calls = stub([], {
      'POST /api/orders': () => json(quote(), 201),
    });
    render('agent');
    expect(await screen.findByText('No order in this chat yet.')).toBeTruthy();
    expect(screen.queryByTestId('quote-form')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send a quote' }));
    const form = screen.getByRole('form', { name: 'Send a quote' });
    fireEvent.click(within(form).getByRole('button', { name: 'Send quote' }));
    expect(
      await within(form).findByText('Amount must be a number with at most 8 decimal places'),
    ).toBeTruthy();
    expect(posts(calls, '/api/orders')).toHaveLength(0);

    fireEvent.click(within(form).getByRole('radio', { name: 'In naira (₦)' }));
    fireEvent.change(within(form).getByLabelText('Amount (₦)'), { target: { value: '1,513,200' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send quote' }));
    await waitFor(() => expect(stateOf()).toBe('Quote sent'));
    const [sent] = posts(calls, '/api/orders');
    // No payout account: the customer chooses it when accepting.
    expect(sent!.body).toEqual({ chatSessionId: 7, coin: 'bitcoin', amountNaira: '1513200' });
    expect(sent!.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(screen.queryByTestId('quote-form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send a quote' })).toBeNull();
    expect(screen.getByTestId('order-locked-rate').textContent).toBe('₦151,320,000.00 / BTC');
    expect(screen.getByTestId('order-countdown').textContent).toMatch(/^Rate locked for 14:0\d$/);
    expect(screen.queryByTestId('deposit-address')).toBeNull();
    expect(screen.getByText('Waiting for the customer to accept the quote.')).toBeTruthy();
    // The agent can withdraw it, never accept it.
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept quote' })).toBeNull();
  });

  it("shows the server's refusal and keeps the form", async () => {
    stub([], {
      'POST /api/orders': () =>
        json({ error: 'This customer is restricted: they cannot be sent a quote' }, 409),
    });
    render('agent');
    fireEvent.click(await screen.findByRole('button', { name: 'Send a quote' }));
    const form = screen.getByRole('form', { name: 'Send a quote' });
    fireEvent.change(within(form).getByLabelText('Amount (BTC)'), { target: { value: '0.01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send quote' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'This customer is restricted: they cannot be sent a quote',
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('quote-form')).toBeNull();
  });

  it('the customer accepts it into a chosen account and gets the address, live on the card', async () => {
    const calls = stub([], {
      'GET /api/payout-accounts': {
        body: [
          makePayoutAccount(),
          makePayoutAccount({
            id: 4,
            bankCode: '100004',
            bankName: 'OPay',
            accountNumber: '8031239876',
          }),
        ],
      },
      'POST /api/orders/:id/accept': (call) =>
        json(
          quote({
            state: 'awaiting_deposit',
            depositAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
            payoutAccount: makePayoutAccount({
              id: (call.body as { payoutAccountId: number }).payoutAccountId,
              bankCode: '100004',
              bankName: 'OPay',
              accountNumber: '8031239876',
            }),
            timeline: [
              orderStep('quoted', { actor: 'agent', actorId: AGENT_ID }),
              orderStep('awaiting_deposit'),
            ],
            updatedAt: later(),
          }),
        ),
    });
    render('customer');
    expect(await screen.findByTestId('sell-form')).toBeTruthy();
    // The agent's quote arrives while the customer looks at the chat.
    act(() =>
      fakeRealtime.emit({ id: 90_001, type: 'order.created', chatSessionId: 7, order: quote() }),
    );
    await waitFor(() => expect(stateOf()).toBe('Quote sent'));
    expect(screen.queryByTestId('sell-form')).toBeNull();
    const accept = screen.getByRole('form', { name: 'Accept the quote' });
    expect(accept.textContent).toContain('The agent offers ₦1,513,200.00');
    const account = within(accept).getByLabelText('Pay me into');
    await waitFor(() => expect(account).toHaveProperty('disabled', false));
    fireEvent.change(account, { target: { value: '4' } });
    fireEvent.click(within(accept).getByRole('button', { name: 'Accept quote' }));
    await waitFor(() => expect(stateOf()).toBe('Awaiting deposit'));
    const [sent] = posts(calls, '/api/orders/1/accept');
    expect(sent!.body).toEqual({ payoutAccountId: 4 });
    expect(sent!.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(screen.getByTestId('deposit-address').textContent).toContain(
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    );
    expect(screen.getByTestId('order-paid-into').textContent).toBe('OPay ****9876 · ADA LOVELACE');
    expect(screen.getByTestId('order-countdown')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Accept the quote' })).toBeNull();
  });

  it('links to add a payout account when the customer has none', async () => {
    stub([quote()], { 'GET /api/payout-accounts': { body: [] } });
    render('customer');
    const link = await screen.findByRole('link', { name: 'Add a payout account' });
    expect(link.getAttribute('href')).toBe('/payout-accounts');
    expect(screen.getByRole('button', { name: 'Accept quote' })).toHaveProperty('disabled', true);
  });

  it("shows the server's refusal of an expired quote (the server's clock decides)", async () => {
    const refusal = 'Order AC-ORD0001 is expired: it cannot be accepted now';
    const calls = stub([quote()], {
      'GET /api/payout-accounts': { body: [makePayoutAccount()] },
      'POST /api/orders/:id/accept': () => json({ error: refusal, state: 'expired' }, 409),
    });
    render('customer');
    const button = await screen.findByRole('button', { name: 'Accept quote' });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect(posts(calls, '/api/orders/1/accept')).toHaveLength(1);
  });

  it('a quote past its lock on this screen cannot be accepted, before the server says expired', async () => {
    stub([quote({ expiresAt: new Date(Date.now() - 1_000).toISOString() })], {
      'GET /api/payout-accounts': { body: [makePayoutAccount()] },
    });
    render('customer');
    expect((await screen.findByTestId('quote-expired')).textContent).toBe(
      'This quote has expired. Ask the agent for a new one.',
    );
    expect(screen.queryByRole('button', { name: 'Accept quote' })).toBeNull();
    expect(screen.getByTestId('order-countdown').textContent).toBe('The rate lock has ended');
  });

  it('an expired quote shows as expired, with nothing to accept', async () => {
    stub([
      quote({
        state: 'expired',
        timeline: [
          orderStep('quoted', { actor: 'agent', actorId: AGENT_ID }),
          orderStep('expired', { actor: 'system', actorId: null }),
        ],
      }),
    ]);
    render('agent');
    await waitFor(() => expect(stateOf()).toBe('Expired'));
    expect(screen.queryByTestId('order-countdown')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept quote' })).toBeNull();
    // A finished order frees the chat: the agent may quote again.
    expect(screen.getByRole('button', { name: 'Send a quote' })).toBeTruthy();
  });
});

describe('resolving a dispute', () => {
  it('an admin chooses the outcome and gives a reason, sees what they resolve, then resolves', async () => {
    const calls = stub([disputed()], {
      'GET /api/auth/user': { body: makeAgent({ isAdmin: true }) },
      'POST /api/orders/:id/resolve': (call) => {
        const body = call.body as { outcome: 'completed' | 'refunded'; reason: string };
        return json(
          disputed({
            state: body.outcome,
            timeline: [
              ...disputed().timeline,
              orderStep(body.outcome, { actor: 'admin', actorId: AGENT_ID, note: body.reason }),
            ],
            updatedAt: later(),
          }),
        );
      },
    });
    render('agent');
    const form = await screen.findByRole('form', { name: 'Resolve the dispute' });
    fireEvent.click(within(form).getByRole('button', { name: 'Resolve dispute' }));
    expect(within(form).getByText('Choose the outcome: completed or refunded')).toBeTruthy();
    fireEvent.click(within(form).getByRole('radio', { name: /Refunded/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Resolve dispute' }));
    expect(within(form).getByText(/Say why/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(within(form).getByRole('radio', { name: /Completed/ }));
    fireEvent.change(within(form).getByLabelText('Reason (the customer sees it)'), {
      target: { value: 'The bank confirmed the transfer' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Resolve dispute' }));
    // Resolving cannot be undone: the admin sees what it acts on, and nothing is sent before yes.
    const dialog = await screen.findByRole('dialog');
    expect(posts(calls, '/api/orders/1/resolve')).toHaveLength(0);
    expect(within(dialog).getByRole('heading').textContent).toBe('Resolve as completed?');
    expect(
      within(dialog)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual([
      'AC-ORD0001',
      '₦1,513,200.00',
      'GTBank ****1234',
      'FT2611220001',
      '“Nothing arrived yet”',
      'Completed',
      'The bank confirmed the transfer',
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resolve as completed' }));
    await waitFor(() => expect(stateOf()).toBe('Completed'));
    const [sent] = posts(calls, '/api/orders/1/resolve');
    expect(sent!.body).toEqual({ outcome: 'completed', reason: 'The bank confirmed the transfer' });
    expect(sent!.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(screen.queryByRole('form', { name: 'Resolve the dispute' })).toBeNull();
    expect(screen.getAllByTestId('timeline-step').at(-1)!.textContent).toMatch(
      /^Completed · Admin · /,
    );
  });

  it("cancelling the dialog sends nothing; the server's refusal is shown", async () => {
    const calls = stub([disputed()], {
      'GET /api/auth/user': { body: makeAgent({ isAdmin: true }) },
      'POST /api/orders/:id/resolve': () =>
        json({ error: 'Order AC-ORD0001 is refunded: it cannot be resolved now' }, 409),
    });
    render('agent');
    const form = await screen.findByRole('form', { name: 'Resolve the dispute' });
    fireEvent.click(within(form).getByRole('radio', { name: /Refunded/ }));
    fireEvent.change(within(form).getByLabelText('Reason (the customer sees it)'), {
      target: { value: 'Coins sent back' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Resolve dispute' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(calls, '/api/orders/1/resolve')).toHaveLength(0);
    fireEvent.click(within(form).getByRole('button', { name: 'Resolve dispute' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Resolve as refunded',
      }),
    );
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Order AC-ORD0001 is refunded: it cannot be resolved now',
    );
    expect(posts(calls, '/api/orders/1/resolve').map((c) => c.body)).toEqual([
      { outcome: 'refunded', reason: 'Coins sent back' },
    ]);
  });

  it('an agent who is not an admin is told an admin resolves it; the customer sees it disputed', async () => {
    stub([disputed()], { 'GET /api/auth/user': { body: makeAgent() } });
    render('agent');
    expect(await screen.findByText('An admin resolves this dispute.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Resolve the dispute' })).toBeNull();
    cleanup();
    stub([disputed()]);
    render('customer');
    await waitFor(() => expect(stateOf()).toBe('Disputed'));
    expect(screen.queryByText('An admin resolves this dispute.')).toBeNull();
    expect(screen.queryByRole('form', { name: 'Resolve the dispute' })).toBeNull();
    expect(screen.getByText('“Nothing arrived yet”')).toBeTruthy();
  });
});

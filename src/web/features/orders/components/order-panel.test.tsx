// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderChain } from '../../../../shared/api/orders';
import type { PayoutAccount } from '../../../../shared/api/payout-accounts';
import { toastStore } from '../../../lib/toast';
import { type ApiCall, type ApiRoutes, json, stubApi } from '../../../testing/api-stub';
import { fakeRealtime } from '../../../testing/fake-realtime';
import {
  AGENT_ID,
  makeAgent,
  makeMessage,
  MANAGED_RATES,
  makeOrder,
  makeOrderPreview,
  makePayoutAccount,
  orderStep,
  orderUpdated,
  TEST_PRICES,
} from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render-app';
import { ChatOrderPanel } from '../../../testing/chat-order-panel';

beforeEach(() => fakeRealtime.reset());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastStore.remove();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const TX = 'a'.repeat(64);

/** An order whose rate lock ends 14 minutes and a few seconds from now. */
function openOrder(overrides: Partial<Order> = {}): Order {
  return makeOrder({
    id: 1,
    expiresAt: new Date(Date.now() + 14 * 60_000 + 5_000).toISOString(),
    ...overrides,
  });
}

/** The server's preview of what the form holds: makeOrderPreview's figures, its chosen account. */
function previewOf(
  call: ApiCall,
  accounts: PayoutAccount[] = [makePayoutAccount(), opayAccount()],
) {
  const { payoutAccountId } = call.body as { payoutAccountId?: number };
  return json(
    makeOrderPreview({ payoutAccount: accounts.find((a) => a.id === payoutAccountId) ?? null }),
  );
}

function stub(orders: Order[], routes: ApiRoutes = {}) {
  return stubApi({
    'GET /api/orders': { body: { items: orders, nextCursor: null } },
    'GET /api/payout-accounts': { body: [makePayoutAccount()] },
    'GET /api/exchange-rates': { body: MANAGED_RATES },
    'GET /api/prices': { body: TEST_PRICES },
    'POST /api/orders/preview': (call) => previewOf(call),
    ...routes,
  });
}

/** The customer's second saved account, beside makePayoutAccount()'s Guaranty Trust one. */
function opayAccount(overrides: Partial<PayoutAccount> = {}): PayoutAccount {
  return makePayoutAccount({
    id: 4,
    bankCode: '100004',
    bankName: 'OPay',
    accountNumber: '8031239876',
    ...overrides,
  });
}

function render(viewer: 'customer' | 'agent') {
  return renderWithApp(
    <ChatOrderPanel chatSessionId={7} viewer={viewer} defaultCoin="bitcoin" />,
    '/chat/7',
  );
}

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

const card = () => screen.getByTestId('order-card');
const stateOf = () => screen.getByTestId('order-state').textContent;
const posts = (calls: ApiCall[], path: string) =>
  calls.filter((c) => c.method === 'POST' && c.path === path);

describe('OrderPanel for the customer', () => {
  it('shows the locked order: figures, countdown, address with QR and copy, the account in full', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const calls = stub([openOrder()]);
    render('customer');
    await screen.findByTestId('order-card');
    expect(calls[0]!.url).toBe('/api/orders?chatSessionId=7&limit=5');
    expect(stateOf()).toBe('Awaiting deposit');
    expect(screen.getByTestId('order-amount').textContent).toBe('0.01 BTC');
    expect(screen.getByTestId('order-locked-rate').textContent).toBe('₦151,320,000.00 / BTC');
    expect(screen.getByTestId('order-total').textContent).toBe('₦1,513,200.00');
    // The customer's own account, in full.
    const paidInto = screen.getByTestId('order-paid-into');
    expect(within(paidInto).getByTestId('payout-account-number').textContent).toBe('0123451234');
    expect(within(paidInto).getByTestId('payout-account-name').textContent).toBe('ADA LOVELACE');
    expect(screen.getByTestId('order-countdown').textContent).toMatch(/^Rate locked for 14:0\d$/);
    const qr = await screen.findByRole('img', { name: /QR code of the deposit address bc1qar0/ });
    expect(qr.querySelector('path')!.getAttribute('d')!.length).toBeGreaterThan(500);
    expect(screen.getByTestId('deposit-address').textContent).toContain(
      'Send exactly 0.01 BTC on the BTC network to:',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy the deposit address' }));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'),
    );
    expect(await screen.findByText('Copied')).toBeTruthy();
  });

  it('submits the tx hash with one Idempotency-Key per action, the same on a retry', async () => {
    let tries = 0;
    const calls = stub([openOrder()], {
      'POST /api/orders/:id/deposit': () => {
        tries++;
        // The first try's answer is lost: the network fails.
        if (tries === 1) throw new TypeError('Failed to fetch');
        return json(
          openOrder({
            state: 'deposit_seen',
            txHash: TX,
            timeline: [orderStep('awaiting_deposit'), orderStep('deposit_seen')],
          }),
        );
      },
    });
    render('customer');
    const hash = await screen.findByLabelText('Transaction hash (after you send)');
    fireEvent.change(hash, { target: { value: 'not-a-hash' } });
    fireEvent.click(screen.getByRole('button', { name: "I've sent it" }));
    expect(
      await screen.findByText('A Bitcoin transaction id is 64 hexadecimal characters (0-9, a-f)'),
    ).toBeTruthy();
    expect(posts(calls, '/api/orders/1/deposit')).toHaveLength(0);

    fireEvent.change(hash, { target: { value: TX } });
    fireEvent.click(screen.getByRole('button', { name: "I've sent it" }));
    expect((await screen.findByRole('alert')).textContent).toContain('Could not send');
    fireEvent.click(screen.getByRole('button', { name: "I've sent it" }));
    await waitFor(() => expect(stateOf()).toBe('Deposit sent'));

    const sent = posts(calls, '/api/orders/1/deposit');
    expect(sent.map((c) => c.body)).toEqual([{ txHash: TX }, { txHash: TX }]);
    const key = sent[0]!.headers.get('Idempotency-Key')!;
    expect(key).toMatch(UUID);
    expect(sent[1]!.headers.get('Idempotency-Key')).toBe(key);
    expect(screen.queryByLabelText('Transaction hash (after you send)')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(screen.getByTestId('order-tx-hash').textContent).toBe(TX);
    expect(screen.getAllByTestId('timeline-step')).toHaveLength(2);
  });

  it('is not stale after it was closed: an event while unmounted shows when it mounts again', async () => {
    const calls = stub([openOrder({ state: 'deposit_seen', txHash: TX })]);
    function Toggled() {
      const [shown, setShown] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setShown((s) => !s)}>
            Toggle
          </button>
          {shown && <ChatOrderPanel chatSessionId={7} viewer="customer" defaultCoin="bitcoin" />}
        </>
      );
    }
    renderWithApp(<Toggled />, '/chat/7');
    await waitFor(() => expect(stateOf()).toBe('Deposit sent'));
    fireEvent.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(screen.queryByTestId('order-panel')).toBeNull();

    act(() =>
      fakeRealtime.emit(
        orderUpdated(
          openOrder({
            state: 'payout_sent',
            txHash: TX,
            bankReference: 'FT2611220001',
            updatedAt: later(),
          }),
        ),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(stateOf()).toBe('Payout sent');
    // From the cache the event wrote: the order was fetched once.
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/orders')).toHaveLength(1);
  });

  it('follows the agent live, shows the payout, and confirms receipt', async () => {
    const calls = stub([openOrder({ state: 'deposit_seen', txHash: TX })], {
      'POST /api/orders/:id/received': () =>
        json(
          openOrder({
            state: 'completed',
            txHash: TX,
            bankReference: 'FT2611220001',
            timeline: [orderStep('awaiting_deposit'), orderStep('completed')],
            updatedAt: new Date(Date.now() + 1000).toISOString(),
          }),
        ),
    });
    render('customer');
    await waitFor(() => expect(stateOf()).toBe('Deposit sent'));
    // Nothing to do yet but copy the account number, or add a screenshot (none is attached).
    expect(
      within(card())
        .queryAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual(['Copy account number 0123451234', 'Add your screenshot']);

    // Another order's event leaves this card alone; this one's moves it.
    act(() =>
      fakeRealtime.emit(orderUpdated(makeOrder({ id: 9, chatSessionId: 8, state: 'payout_sent' }))),
    );
    act(() =>
      fakeRealtime.emit(
        orderUpdated(
          openOrder({
            state: 'payout_sent',
            txHash: TX,
            bankReference: 'FT2611220001',
            timeline: [
              orderStep('awaiting_deposit'),
              orderStep('deposit_seen'),
              orderStep('deposit_confirmed', { actor: 'agent', actorId: AGENT_ID }),
              orderStep('payout_sent', { actor: 'agent', actorId: AGENT_ID }),
            ],
            updatedAt: new Date().toISOString(),
          }),
        ),
      ),
    );
    await waitFor(() => expect(stateOf()).toBe('Payout sent'));
    expect(screen.getByTestId('order-paid').textContent).toBe(
      'Paid ₦1,513,200.00 to GTBank 0123451234 · ref FT2611220001',
    );
    expect(screen.getAllByTestId('timeline-step').map((s) => s.textContent)).toEqual([
      expect.stringMatching(/^Awaiting deposit · Customer · /),
      expect.stringMatching(/^Deposit sent · Customer · /),
      expect.stringMatching(/^Deposit confirmed · Agent · /),
      expect.stringMatching(/^Payout sent · Agent · /),
    ]);
    fireEvent.click(screen.getByRole('button', { name: "I've received it" }));
    // Completing is irreversible: nothing is sent until the customer says yes.
    expect(posts(calls, '/api/orders/1/received')).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: "Yes, I've received it" }));
    await waitFor(() => expect(stateOf()).toBe('Completed'));
    expect(screen.getByTestId('order-paid').textContent).toContain('Paid ₦1,513,200.00');
    expect(screen.queryByRole('button', { name: "I've received it" })).toBeNull();
    const [received] = posts(calls, '/api/orders/1/received');
    expect(received!.headers.get('Idempotency-Key')).toMatch(UUID);
  });

  it("says it hasn't arrived, with a note", async () => {
    const calls = stub([openOrder({ state: 'payout_sent', txHash: TX, bankReference: 'FT1' })], {
      'POST /api/orders/:id/dispute': (call) =>
        json(
          openOrder({
            state: 'disputed',
            txHash: TX,
            bankReference: 'FT1',
            timeline: [orderStep('disputed', { note: (call.body as { note: string }).note })],
          }),
        ),
    });
    render('customer');
    fireEvent.click(await screen.findByRole('button', { name: "I haven't received it" }));
    const note = screen.getByLabelText('What went wrong?');
    fireEvent.click(screen.getByRole('button', { name: 'Report a problem' }));
    expect(await screen.findByText(/Say what went wrong/)).toBeTruthy();
    fireEvent.change(note, { target: { value: 'Nothing arrived yet' } });
    fireEvent.click(screen.getByRole('button', { name: 'Report a problem' }));
    await waitFor(() => expect(stateOf()).toBe('Disputed'));
    expect(posts(calls, '/api/orders/1/dispute').map((c) => c.body)).toEqual([
      { note: 'Nothing arrived yet' },
    ]);
    expect(screen.getByText('“Nothing arrived yet”')).toBeTruthy();
  });

  it('sells in naira into a chosen account, and links to add one when there is none', async () => {
    const calls = stub([], {
      'GET /api/payout-accounts': { body: [makePayoutAccount(), opayAccount()] },
      'POST /api/orders': () => json(openOrder(), 201),
    });
    render('customer');
    const form = await screen.findByTestId('sell-form');
    fireEvent.click(within(form).getByRole('radio', { name: 'In naira (₦)' }));
    fireEvent.change(within(form).getByLabelText('Amount (₦)'), { target: { value: '1,513,200' } });
    await waitFor(() =>
      expect(within(form).getByLabelText('Pay me into')).toHaveProperty('disabled', false),
    );
    expect(within(form).getByText('From ₦5,000 to ₦50,000,000')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Pay me into'), { target: { value: '4' } });
    // The server's preview of exactly this body, before the button that locks it.
    const preview = await within(form).findByTestId('order-preview');
    await waitFor(() =>
      expect(within(preview).getByTestId('order-paid-into').textContent).toBe(
        'OPay 8031239876 · ADA LOVELACE',
      ),
    );
    expect(within(preview).getByTestId('order-rate').textContent).toBe('₦151,320,000.00 / BTC');
    expect(within(preview).getByTestId('order-you-send').textContent).toBe('0.01 BTC');
    expect(within(preview).getByTestId('order-you-receive').textContent).toBe('₦1,513,200.00');
    expect(within(preview).getByTestId('order-rate-locked-for').textContent).toBe('15 minutes');
    expect(posts(calls, '/api/orders/preview').at(-1)!.body).toEqual({
      chatSessionId: 7,
      coin: 'bitcoin',
      amountNaira: '1513200',
      payoutAccountId: 4,
    });
    const lock = within(form).getByRole('button', { name: 'Lock rate and sell' });
    await waitFor(() => expect(lock).toHaveProperty('disabled', false));
    fireEvent.click(lock);
    await screen.findByTestId('order-card');
    const [created] = posts(calls, '/api/orders');
    expect(created!.body).toEqual({
      chatSessionId: 7,
      coin: 'bitcoin',
      amountNaira: '1513200',
      payoutAccountId: 4,
      rateVersion: '151320000.00',
    });
    expect(created!.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(screen.queryByTestId('sell-form')).toBeNull();
  });

  it('shows an expired order without address or countdown, and offers to sell again', async () => {
    stub([
      openOrder({
        state: 'expired',
        timeline: [
          orderStep('awaiting_deposit'),
          orderStep('expired', { actor: 'system', actorId: null }),
        ],
      }),
    ]);
    render('customer');
    await waitFor(() => expect(stateOf()).toBe('Expired'));
    expect(screen.queryByTestId('order-countdown')).toBeNull();
    expect(screen.queryByTestId('deposit-address')).toBeNull();
    expect(screen.queryByTestId('order-paid')).toBeNull();
    expect(screen.getAllByTestId('timeline-step')[1]!.textContent).toMatch(
      /^Expired · Automatic · /,
    );
    expect(screen.queryByTestId('sell-form')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sell again' }));
    expect(await screen.findByTestId('sell-form')).toBeTruthy();
  });

  it('asks for a payout account first', async () => {
    stub([], { 'GET /api/payout-accounts': { body: [] } });
    render('customer');
    const link = await screen.findByRole('link', { name: 'Add a payout account' });
    expect(link.getAttribute('href')).toBe('/payout-accounts');
    expect(screen.getByRole('button', { name: 'Lock rate and sell' })).toHaveProperty(
      'disabled',
      true,
    );
  });
});

describe('OrderPanel for an agent', () => {
  /**
   * What the chain says of a deposit_seen order's hash: 0 of 2 confirmations unless told, read
   * just now (a read older than two watch intervals would say "Checking the chain…").
   */
  const read = (overrides: Partial<OrderChain> = {}): OrderChain => ({
    confirmations: 0,
    confirmationsRequired: 2,
    receivedCrypto: '0.01000000',
    firstSeenAt: '2026-11-22T08:25:00.000Z',
    problem: null,
    problemKind: null,
    checkedAt: new Date().toISOString(),
    differenceCrypto: null,
    differenceNaira: null,
    payoutHeld: false,
    confirmedByHand: false,
    ...overrides,
  });

  it('a hash the chain never saw: says so, and confirms by hand only with a reason of 10+ characters', async () => {
    const seen = openOrder({
      state: 'deposit_seen',
      txHash: TX,
      chain: read({
        receivedCrypto: null,
        firstSeenAt: null,
        problem: 'Not found on the chain',
        problemKind: 'not_found',
      }),
    });
    const calls = stub([seen], {
      'POST /api/orders/:id/confirm-deposit': () => json({ ...seen, state: 'deposit_confirmed' }),
    });
    render('agent');
    expect((await screen.findByTestId('chain-confirmations')).textContent).toBe(
      'Not found on the chain',
    );
    const reason = screen.getByLabelText(
      'Reason for confirming by hand (the chain has not confirmed it)',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Confirm deposit' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.change(reason, { target: { value: 'trust me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm deposit' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      screen.getByText(
        'The chain has not confirmed it: say why you confirm it (at least 10 characters)',
      ),
    ).toBeTruthy();
    fireEvent.change(reason, { target: { value: 'Customer showed the wallet screen' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm deposit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('confirm-on the chain').textContent).toBe(
      'Not found on the chain',
    );
    expect(within(dialog).getByTestId('confirm-reason').textContent).toBe(
      'Customer showed the wallet screen',
    );
    expect(posts(calls, '/api/orders/1/confirm-deposit')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm deposit' }));
    await waitFor(() => expect(stateOf()).toBe('Deposit confirmed'));
    expect(posts(calls, '/api/orders/1/confirm-deposit').map((c) => c.body)).toEqual([
      { reason: 'Customer showed the wallet screen' },
    ]);
  });

  it('the dialog shows the count below the required confirmations, and a problem under it', async () => {
    const problem = 'No output of this transaction goes to the deposit address bc1qdesk';
    stub([
      openOrder({
        state: 'deposit_seen',
        txHash: TX,
        chain: read({ confirmations: 1, problem, problemKind: 'wrong_address' }),
      }),
    ]);
    render('agent');
    fireEvent.change(
      await screen.findByLabelText(
        'Reason for confirming by hand (the chain has not confirmed it)',
      ),
      { target: { value: 'Paid from the exchange in two parts' } },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Confirm deposit' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      [...within(dialog).getByTestId('confirm-on the chain').firstElementChild!.children].map(
        (c) => c.textContent,
      ),
    ).toEqual(['1 of 2 confirmations', problem]);
  });

  it('a short deposit offers no confirmation at the full total: re-quote or return only', async () => {
    stub(
      [
        openOrder({
          state: 'deposit_seen',
          txHash: TX,
          chain: read({
            confirmations: 2,
            receivedCrypto: '0.01500000',
            problem:
              "Received 0.015 BTC: 0.00093889 BTC (₦147,263.96) short of the order's 0.01593889 BTC",
            problemKind: 'short',
            differenceCrypto: '-0.00093889',
            differenceNaira: '-147263.96',
          }),
          amountCrypto: '0.01593889',
        }),
      ],
      {
        'GET /api/orders/:id/requote-preview': {
          body: {
            coin: 'bitcoin',
            amountCrypto: '0.01500000',
            rateNaira: '151320000.00',
            totalNaira: '2269800.00',
            wasAmountCrypto: '0.01593889',
            wasTotalNaira: '2411872.83',
            payoutAccount: makePayoutAccount(),
            marketRateNaira: null,
            marketDeviationPercent: null,
            requoteVersion: '0.01500000',
          },
        },
      },
    );
    render('agent');
    await screen.findByTestId('deposit-difference');
    expect(await screen.findByRole('button', { name: 'Re-quote at received amount' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Return it' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm deposit' })).toBeNull();
  });

  it('confirms the deposit after asking, then records the payout with its bank reference and proof', async () => {
    // Counted by the chain, no problem: no reason needed.
    const seen = openOrder({
      state: 'deposit_seen',
      txHash: TX,
      chain: read({ confirmations: 2 }),
    });
    URL.createObjectURL = () => 'blob:proof';
    URL.revokeObjectURL = () => undefined;
    const calls = stub([seen], {
      'POST /api/chat-sessions/7/attachments': (call) =>
        json(
          makeMessage({
            id: 77,
            senderId: AGENT_ID,
            senderRole: 'agent',
            messageType: 'image',
            clientMessageId: String((call.body as FormData).get('clientMessageId')),
            attachment: {
              url: '/api/attachments/77',
              thumbnailUrl: '/api/attachments/77/thumbnail',
              mime: 'image/png',
              size: 7,
              name: 'transfer.png',
            },
          }),
          201,
        ),
      'POST /api/orders/:id/confirm-deposit': () => json({ ...seen, state: 'deposit_confirmed' }),
      'POST /api/orders/:id/payout': (call) =>
        json({
          ...seen,
          state: 'payout_sent',
          bankReference: (call.body as { bankReference: string }).bankReference,
        }),
    });
    render('agent');
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm deposit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('confirm-amount').textContent).toBe('0.01 BTC');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm deposit' }));
    await waitFor(() => expect(stateOf()).toBe('Deposit confirmed'));
    const reference = screen.getByLabelText(
      'Bank reference of the ₦1,513,200.00 payout to GTBank 0123451234',
    );
    fireEvent.change(reference, { target: { value: 'FT2611220001' } });
    fireEvent.change(screen.getByLabelText('Proof of payment'), {
      target: {
        files: [new File([new Uint8Array([0x89, 0x50])], 'transfer.png', { type: 'image/png' })],
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Record payout' }));
    // A payout cannot be taken back: the agent sees what is recorded and says yes first.
    const payoutDialog = await screen.findByRole('dialog');
    expect(posts(calls, '/api/orders/1/payout')).toHaveLength(0);
    expect(payoutDialog.textContent).toContain('FT2611220001');
    fireEvent.click(within(payoutDialog).getByRole('button', { name: 'Record payout' }));
    await waitFor(() => expect(stateOf()).toBe('Payout sent'));
    expect(screen.getByTestId('order-paid').textContent).toBe(
      'Paid ₦1,513,200.00 to GTBank 0123451234 · ref FT2611220001',
    );
    const confirmKey = posts(calls, '/api/orders/1/confirm-deposit')[0]!.headers.get(
      'Idempotency-Key',
    );
    const payoutKey = posts(calls, '/api/orders/1/payout')[0]!.headers.get('Idempotency-Key');
    expect(confirmKey).toMatch(UUID);
    expect(payoutKey).toMatch(UUID);
    expect(payoutKey).not.toBe(confirmKey);
    expect(posts(calls, '/api/orders/1/payout')[0]!.body).toEqual({
      bankReference: 'FT2611220001',
      proofMessageId: 77,
    });
    // The agent never sees the customer's actions, nor a Sell form.
    expect(screen.queryByRole('button', { name: "I've received it" })).toBeNull();
    expect(screen.queryByTestId('sell-form')).toBeNull();
  });

  it("shows the receipt's amount against the order's and records the payout anyway when asked", async () => {
    const confirmed = openOrder({ state: 'deposit_confirmed', txHash: TX });
    URL.createObjectURL = () => 'blob:proof';
    URL.revokeObjectURL = () => undefined;
    const mismatch = 'The receipt says ₦2,400,000.00; this order pays ₦1,513,200.00';
    const calls = stub([confirmed], {
      'POST /api/chat-sessions/7/attachments': (call) =>
        json(
          makeMessage({
            id: 78,
            senderId: AGENT_ID,
            senderRole: 'agent',
            messageType: 'image',
            clientMessageId: String((call.body as FormData).get('clientMessageId')),
          }),
          201,
        ),
      'POST /api/orders/:id/payout': (call) =>
        (call.body as { receiptAmountReason?: string }).receiptAmountReason
          ? json({ ...confirmed, state: 'payout_sent', bankReference: 'FT1' })
          : json({ error: mismatch, receiptAmount: '2400000.00' }, 409),
    });
    render('agent');
    fireEvent.change(
      await screen.findByLabelText(
        'Bank reference of the ₦1,513,200.00 payout to GTBank 0123451234',
      ),
      { target: { value: 'FT1' } },
    );
    fireEvent.change(screen.getByLabelText('Proof of payment'), {
      target: {
        files: [new File([new Uint8Array([0x89, 0x50])], 'transfer.png', { type: 'image/png' })],
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Record payout' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Record payout' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(mismatch);
    expect(stateOf()).toBe('Deposit confirmed');
    // The override asks why before it sends anything.
    fireEvent.click(screen.getByRole('button', { name: 'Record the payout anyway' }));
    expect(await screen.findByText('At least 10 characters')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Why is the payout right? (kept in the audit log)'), {
      target: { value: 'Paid in two transfers' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Record the payout anyway' }));
    await waitFor(() => expect(stateOf()).toBe('Payout sent'));
    const sent = posts(calls, '/api/orders/1/payout').map((c) => c.body);
    expect(sent).toEqual([
      { bankReference: 'FT1', proofMessageId: 78 },
      {
        bankReference: 'FT1',
        proofMessageId: 78,
        receiptAmountReason: 'Paid in two transfers',
      },
    ]);
  });

  it('cancels before a deposit, and shows the server refusing with its reason', async () => {
    const calls = stub([openOrder()], {
      'POST /api/orders/:id/cancel': () =>
        json({ error: 'This order is deposit_seen: it can no longer be cancelled' }, 409),
    });
    render('agent');
    expect(screen.queryByLabelText(/Transaction hash/)).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('confirm-total').textContent).toBe('₦1,513,200.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This order is deposit_seen: it can no longer be cancelled',
    );
    expect(posts(calls, '/api/orders/1/cancel')).toHaveLength(1);
  });
});

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
    expect(await within(form).findByText('Amount is required')).toBeTruthy();
    expect(posts(calls, '/api/orders')).toHaveLength(0);
    expect(posts(calls, '/api/orders/preview')).toHaveLength(0);

    fireEvent.click(within(form).getByRole('radio', { name: 'In naira (₦)' }));
    fireEvent.change(within(form).getByLabelText('Amount (₦)'), { target: { value: '1,513,200' } });
    const preview = await within(form).findByTestId('order-preview');
    expect(within(preview).getByTestId('order-rate').textContent).toBe('₦151,320,000.00 / BTC');
    expect(within(preview).getByTestId('order-market').textContent).toBe(
      '5.70 % below the market ₦160,463,325.00',
    );
    expect(within(preview).getByTestId('order-customer-receives').textContent).toBe(
      '₦1,513,200.00',
    );
    expect(within(preview).queryByTestId('order-paid-into')).toBeNull();
    const send = within(form).getByRole('button', { name: 'Send quote' });
    await waitFor(() => expect(send).toHaveProperty('disabled', false));
    fireEvent.click(send);
    await waitFor(() => expect(stateOf()).toBe('Quote sent'));
    const [sent] = posts(calls, '/api/orders');
    // No payout account: the customer chooses it when accepting.
    expect(sent!.body).toEqual({
      chatSessionId: 7,
      coin: 'bitcoin',
      amountNaira: '1513200',
      rateVersion: '151320000.00',
    });
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
    const send = within(form).getByRole('button', { name: 'Send quote' });
    await waitFor(() => expect(send).toHaveProperty('disabled', false));
    fireEvent.click(send);
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'This customer is restricted: they cannot be sent a quote',
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('quote-form')).toBeNull();
  });

  it('the customer accepts it into a chosen account and gets the address, live on the card', async () => {
    const calls = stub([], {
      'GET /api/payout-accounts': { body: [makePayoutAccount(), opayAccount()] },
      'POST /api/orders/:id/accept': (call) =>
        json(
          quote({
            state: 'awaiting_deposit',
            depositAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
            payoutAccount: opayAccount({
              id: (call.body as { payoutAccountId: number }).payoutAccountId,
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
    // The quote's rate beside the market, before "Accept quote".
    expect(within(accept).getByTestId('order-quote-rate').textContent).toBe(
      '₦151,320,000.00 / BTC',
    );
    await waitFor(() =>
      expect(within(accept).getByTestId('order-compared-with').textContent).toBe(
        '5.70 % below the market ₦160,463,325.00',
      ),
    );
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
    expect(
      within(screen.getByTestId('order-paid-into')).getByTestId('payout-account-bank').textContent,
    ).toBe('OPay');
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
    expect((await screen.findByTestId('order-expired')).textContent).toBe(
      'This quote expired. Ask for a new quote in this chat.',
    );
    expect(stateOf()).toBe('Expired');
    expect(screen.queryByRole('button', { name: 'Accept quote' })).toBeNull();
    expect(screen.queryByTestId('order-countdown')).toBeNull();
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
      'GTBank 0123451234 · ADA LOVELACE',
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

// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_TYPE_ERROR, type Message } from '../../../../shared/api/messages';
import type { Order } from '../../../../shared/api/orders';
import { type ApiCall, type ApiRoutes, json, stubApi } from '../../../testing/api-stub';
import { fakeRealtime } from '../../../testing/fake-realtime';
import {
  AGENT_ID,
  CUSTOMER_ID,
  makeMessage,
  makeOrder,
  makePayoutAccount,
  makeUser,
  orderStep,
  orderUpdated,
} from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render-app';
import ReceiptScreen from '../receipt-screen';
import { ChatOrderPanel } from '../../../testing/chat-order-panel';

const UPLOAD = 'POST /api/chat-sessions/7/attachments';
const TX = 'b'.repeat(64);

beforeEach(() => {
  fakeRealtime.reset();
  // jsdom has no object URLs.
  URL.createObjectURL = () => 'blob:picked';
  URL.revokeObjectURL = () => undefined;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const image = (id: number) => ({
  messageId: id,
  url: `/api/attachments/${id}`,
  thumbnailUrl: `/api/attachments/${id}/thumbnail`,
});

/** The image message the server stores for an upload, with the id given. */
function stored(call: ApiCall, id: number, sender: 'customer' | 'agent'): Message {
  const form = call.body as FormData;
  return makeMessage({
    id,
    senderId: sender === 'agent' ? AGENT_ID : CUSTOMER_ID,
    senderRole: sender,
    messageType: 'image',
    content: String(form.get('caption')),
    clientMessageId: String(form.get('clientMessageId')),
    attachment: { ...image(id), mime: 'image/png', size: 7, name: 'shot.png' },
  });
}

function stub(order: Order, routes: ApiRoutes) {
  return stubApi({
    'GET /api/orders': { body: { items: [order], nextCursor: null } },
    'GET /api/payout-accounts': { body: [makePayoutAccount()] },
    ...routes,
  });
}

const png = (name = 'shot.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
const posts = (calls: ApiCall[], key: string) =>
  calls.filter((c) => `${c.method} ${c.path}` === key);

/** An order whose rate lock still runs for ten minutes. */
function open(order: Order): Order {
  return { ...order, expiresAt: new Date(Date.now() + 600_000).toISOString() };
}

describe('the payout proof', () => {
  it('needs an image, sends it into the chat after the yes, then pays out naming it', async () => {
    const confirmed = open(makeOrder({ id: 1, state: 'deposit_confirmed', txHash: TX }));
    let uploadsFail = true;
    const calls = stub(confirmed, {
      [UPLOAD]: (call) =>
        uploadsFail
          ? json({ error: 'Service Unavailable' }, 503)
          : json(stored(call, 90, 'agent'), 201),
      'POST /api/orders/:id/payout': () =>
        json({ ...confirmed, state: 'payout_sent', bankReference: 'FT1', payoutProof: image(90) }),
    });
    renderWithApp(<ChatOrderPanel chatSessionId={7} viewer="agent" defaultCoin="bitcoin" />, '/');
    fireEvent.change(await screen.findByLabelText(/^Bank reference of the/), {
      target: { value: 'FT1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Record payout' }));
    expect(await screen.findByText('Choose the image of the transfer')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    const picker = screen.getByLabelText('Proof of payment');
    fireEvent.change(picker, {
      target: { files: [new File(['%PDF'], 'transfer.pdf', { type: 'application/pdf' })] },
    });
    expect(screen.getByText(IMAGE_TYPE_ERROR)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Proof of payment'), { target: { files: [png()] } });
    expect(screen.getByTestId('picked-image').getAttribute('src')).toBe('blob:picked');

    fireEvent.click(screen.getByRole('button', { name: 'Record payout' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByAltText('Proof of payment').getAttribute('src')).toBe('blob:picked');
    expect(posts(calls, UPLOAD)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payout' }));
    expect(await screen.findByText(/Service Unavailable/)).toBeTruthy();
    expect(posts(calls, 'POST /api/orders/1/payout')).toHaveLength(0);

    // The retry sends the same image as the same message: never a second one in the chat.
    uploadsFail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Record payout' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Record payout' }),
    );
    await waitFor(() => expect(screen.getByTestId('order-state').textContent).toBe('Payout sent'));
    const [first, second] = posts(calls, UPLOAD).map((c) => c.body as FormData);
    expect(second!.get('clientMessageId')).toBe(first!.get('clientMessageId'));
    expect(second!.get('caption')).toBe(`Payout proof · ${confirmed.reference}`);
    expect(posts(calls, 'POST /api/orders/1/payout').map((c) => c.body)).toEqual([
      { bankReference: 'FT1', proofMessageId: 90 },
    ]);
    expect(screen.getByAltText('Payout proof').getAttribute('src')).toBe(
      '/api/attachments/90/thumbnail',
    );
  });
});

describe("the customer's deposit screenshot", () => {
  it('is optional: with one, it goes into the chat first and the deposit names it', async () => {
    const waiting = open(makeOrder({ id: 2 }));
    const calls = stub(waiting, {
      [UPLOAD]: (call) => json(stored(call, 91, 'customer'), 201),
      'POST /api/orders/:id/deposit': (call) =>
        json({
          ...waiting,
          state: 'deposit_seen',
          txHash: (call.body as { txHash: string }).txHash,
          depositScreenshot: image(91),
        }),
    });
    renderWithApp(
      <ChatOrderPanel chatSessionId={7} viewer="customer" defaultCoin="bitcoin" />,
      '/',
    );
    fireEvent.change(await screen.findByLabelText('Transaction hash (after you send)'), {
      target: { value: TX },
    });
    fireEvent.change(screen.getByLabelText('Screenshot (optional)'), {
      target: { files: [png('wallet.png')] },
    });
    fireEvent.click(screen.getByRole('button', { name: "I've sent it" }));
    await waitFor(() => expect(screen.getByTestId('order-state').textContent).toBe('Deposit sent'));
    expect((posts(calls, UPLOAD)[0]!.body as FormData).get('caption')).toBe(
      `Deposit screenshot · ${waiting.reference}`,
    );
    expect(posts(calls, 'POST /api/orders/2/deposit')[0]!.body).toEqual({
      txHash: TX,
      screenshotMessageId: 91,
    });
    expect(screen.getByAltText('Deposit screenshot').getAttribute('src')).toBe(
      '/api/attachments/91/thumbnail',
    );
  });
  it('is kept when the watcher attaches the transaction first, and offered as "Add your screenshot"', async () => {
    const waiting = open(makeOrder({ id: 2 }));
    const seen: Order = { ...waiting, state: 'deposit_seen', txHash: TX, depositScreenshot: null };
    const calls = stub(waiting, {
      [UPLOAD]: (call) => json(stored(call, 92, 'customer'), 201),
      'POST /api/orders/:id/deposit': () =>
        json({ ...seen, depositScreenshot: image(92), updatedAt: new Date().toISOString() }),
    });
    renderWithApp(
      <ChatOrderPanel chatSessionId={7} viewer="customer" defaultCoin="bitcoin" />,
      '/',
    );
    fireEvent.change(await screen.findByLabelText('Screenshot (optional)'), {
      target: { files: [png('wallet.png')] },
    });
    // The watcher finds the transaction before the customer sends the form: the form goes.
    act(() => fakeRealtime.emit(orderUpdated({ ...seen, updatedAt: new Date().toISOString() })));
    await waitFor(() => expect(screen.queryByRole('button', { name: "I've sent it" })).toBeNull());
    const add = screen.getByTestId('add-deposit-screenshot');
    // The picked image is still there, ready to send.
    expect(within(add).getByTestId('picked-image').getAttribute('alt')).toBe(
      'Screenshot: wallet.png',
    );
    expect(posts(calls, UPLOAD)).toHaveLength(0);
    fireEvent.click(within(add).getByRole('button', { name: 'Add your screenshot' }));
    await waitFor(() => expect(posts(calls, 'POST /api/orders/2/deposit')).toHaveLength(1));
    expect(posts(calls, 'POST /api/orders/2/deposit')[0]!.body).toEqual({
      txHash: TX,
      screenshotMessageId: 92,
    });
    await waitFor(() => expect(screen.queryByTestId('add-deposit-screenshot')).toBeNull());
    expect(screen.getByAltText('Deposit screenshot').getAttribute('src')).toBe(
      '/api/attachments/92/thumbnail',
    );
  });

  it('with none picked, "Add your screenshot" waits for one', async () => {
    stub(open(makeOrder({ id: 2, state: 'deposit_seen', txHash: TX })), {});
    renderWithApp(
      <ChatOrderPanel chatSessionId={7} viewer="customer" defaultCoin="bitcoin" />,
      '/',
    );
    const add = await screen.findByTestId('add-deposit-screenshot');
    expect(
      (within(add).getByRole('button', { name: 'Add your screenshot' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });
});

describe('the card of a paid order', () => {
  it('shows both images as thumbnails that open full size, and a Receipt link once completed', async () => {
    const completed = makeOrder({
      id: 3,
      state: 'completed',
      txHash: TX,
      bankReference: 'FT3',
      depositScreenshot: image(91),
      payoutProof: image(90),
    });
    stub(completed, {});
    renderWithApp(
      <ChatOrderPanel chatSessionId={7} viewer="customer" defaultCoin="bitcoin" />,
      '/',
    );
    const thumbnails = await screen.findAllByTestId('order-image');
    expect(thumbnails.map((t) => t.getAttribute('alt'))).toEqual([
      'Deposit screenshot',
      'Payout proof',
    ]);
    expect(screen.getByRole('link', { name: 'Receipt' }).getAttribute('href')).toBe(
      '/orders/3/receipt',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open the payout proof' }));
    const viewer = await screen.findByRole('dialog');
    expect(within(viewer).getByTestId('order-image-full').getAttribute('src')).toBe(
      '/api/attachments/90',
    );
  });

  it('has no Receipt link before it is completed', async () => {
    stub(makeOrder({ id: 4, state: 'payout_sent', payoutProof: image(90) }), {});
    renderWithApp(
      <ChatOrderPanel chatSessionId={7} viewer="customer" defaultCoin="bitcoin" />,
      '/',
    );
    await screen.findByTestId('order-images');
    expect(screen.queryByRole('link', { name: 'Receipt' })).toBeNull();
  });
});

describe('the receipt page', () => {
  const receipt = (order: Order | { status: number; body: unknown }) => {
    stubApi({
      'GET /api/auth/user': { body: makeUser() },
      'GET /api/orders/:id': 'status' in order && !('reference' in order) ? order : { body: order },
    });
    return renderWithApp(<ReceiptScreen />, '/orders/5/receipt', '/orders/:id/receipt');
  };

  it('shows the sale with its unit, the account in full, bank reference and timed timeline, and prints', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    receipt(
      makeOrder({
        id: 5,
        state: 'completed',
        txHash: TX,
        bankReference: 'FT2611220001',
        timeline: [
          orderStep('awaiting_deposit', { at: '2026-11-22T08:21:00.000Z' }),
          orderStep('deposit_seen', { at: '2026-11-22T08:25:00.000Z' }),
          orderStep('deposit_confirmed', { actor: 'agent', at: '2026-11-22T08:40:00.000Z' }),
          orderStep('payout_sent', { actor: 'agent', at: '2026-11-22T08:52:00.000Z' }),
          orderStep('completed', { at: '2026-11-22T09:05:00.000Z' }),
        ],
      }),
    );
    const article = await screen.findByRole('article', { name: 'Receipt for order AC-ORD0005' });
    const value = (name: string) => within(article).getByTestId(`receipt-${name}`).textContent;
    expect(value('reference')).toBe('AC-ORD0005');
    expect(value('coin')).toBe('Bitcoin (BTC)');
    expect(value('amount')).toBe('0.01 BTC');
    expect(value('locked-rate')).toBe('₦151,320,000.00 per BTC');
    expect(value('total-paid')).toBe('₦1,513,200.00');
    expect(value('paid-into')).toBe('GTBank 0123451234 · ADA LOVELACE');
    expect(value('bank-reference')).toBe('FT2611220001');
    const steps = within(article).getAllByTestId('timeline-step');
    expect(steps).toHaveLength(5);
    expect(steps[4]!.querySelector('time')!.getAttribute('dateTime')).toBe(
      '2026-11-22T09:05:00.000Z',
    );
    expect(steps[4]!.textContent).toMatch(/^Completed · Customer · /);
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Back to chat' }).getAttribute('href')).toBe('/chat/7');
  });

  it('waits for completion, and says so for an order the viewer cannot see', async () => {
    receipt(makeOrder({ id: 5, state: 'payout_sent' }));
    expect(
      await screen.findByText('The receipt is ready when order AC-ORD0005 is completed.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
    cleanup();
    receipt({ status: 404, body: { error: 'Order not found' } });
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../../shared/api/orders';
import { toastStore } from '../../../lib/toast';
import { json, stubApi } from '../../../testing/api-stub';
import { fakeRealtime } from '../../../testing/fake-realtime';
import { AGENT_ID, makeAgent, makeOrder, orderStep, orderUpdated } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render-app';
import { DisputedOrders } from './disputed-orders';

beforeEach(() => fakeRealtime.reset());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastStore.remove();
});

function disputed(id: number, note: string, overrides: Partial<Order> = {}): Order {
  return makeOrder({
    id,
    chatSessionId: 10 + id,
    state: 'disputed',
    txHash: 'a'.repeat(64),
    bankReference: `FT-${id}`,
    timeline: [
      orderStep('payout_sent', { actor: 'agent', actorId: AGENT_ID }),
      orderStep('disputed', { note }),
    ],
    ...overrides,
  });
}

const rows = () => screen.queryAllByTestId('disputed-order');

describe('the disputed orders, for admins', () => {
  it('lists each with its money, the note and its chat, live; resolving takes it off the list', async () => {
    const calls = stubApi({
      'GET /api/auth/user': { body: makeAgent({ isAdmin: true }) },
      'GET /api/orders': {
        body: {
          items: [disputed(2, 'Nothing arrived'), disputed(1, 'Wrong amount')],
          nextCursor: null,
        },
      },
      'POST /api/orders/:id/resolve': () =>
        json({
          ...disputed(2, 'Nothing arrived'),
          state: 'refunded',
          updatedAt: new Date().toISOString(),
        }),
    });
    renderWithApp(<DisputedOrders />, '/agent/admin');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(calls[0]!.url).toContain('/api/orders?state=disputed&limit=100');
    const first = rows()[0]!;
    expect(first.textContent).toContain('AC-ORD0002');
    expect(within(first).getByTestId('disputed-order-total').textContent).toBe('₦1,513,200.00');
    expect(first.textContent).toContain('0.01 BTC · ref FT-2');
    // The admin sees the account paid into in full, to check it against the bank.
    expect(within(first).getByTestId('payout-account-number').textContent).toBe('0123451234');
    expect(within(first).getByTestId('payout-account-name').textContent).toBe('ADA LOVELACE');
    expect(within(first).getByTestId('payout-account-verified').textContent).toBe('Name verified');
    expect(first.textContent).toContain('“Nothing arrived”');
    expect(within(first).getByRole('link', { name: 'Open the chat' }).getAttribute('href')).toBe(
      '/chat/12',
    );

    // A new dispute comes in; another is resolved elsewhere: the list follows, live.
    act(() => fakeRealtime.emit(orderUpdated(disputed(3, 'Still waiting'))));
    await waitFor(() => expect(rows()).toHaveLength(3));
    act(() =>
      fakeRealtime.emit(
        orderUpdated({
          ...disputed(1, 'Wrong amount'),
          state: 'completed',
          updatedAt: new Date().toISOString(),
        }),
      ),
    );
    await waitFor(() =>
      expect(rows().map((r) => r.getAttribute('data-order-id'))).toEqual(['3', '2']),
    );

    const row = rows()[1]!;
    fireEvent.click(within(row).getByRole('radio', { name: /Refunded/ }));
    fireEvent.change(within(row).getByLabelText('Reason (the customer sees it)'), {
      target: { value: 'Coins sent back' },
    });
    fireEvent.click(within(row).getByRole('button', { name: 'Resolve dispute' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Resolve as refunded',
      }),
    );
    await waitFor(() => expect(rows().map((r) => r.getAttribute('data-order-id'))).toEqual(['3']));
    expect(toastStore.getSnapshot()[0]).toMatchObject({
      title: 'Dispute resolved',
      description: 'Order AC-ORD0002 is refunded.',
    });
  });

  it('says when there is none', async () => {
    stubApi({ 'GET /api/orders': { body: { items: [], nextCursor: null } } });
    renderWithApp(<DisputedOrders />, '/agent/admin');
    expect(await screen.findByText('No disputed orders')).toBeTruthy();
  });
});

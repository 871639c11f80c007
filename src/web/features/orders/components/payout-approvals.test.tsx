// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../../shared/api/orders';
import { toastStore } from '../../../lib/toast';
import { json, stubApi } from '../../../testing/api-stub';
import { fakeRealtime } from '../../../testing/fake-realtime';
import { AGENT_ID, makeAgent, makeOrder, orderStep, orderUpdated } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render-app';
import { OrderCard } from './order-card';
import { PayoutApprovals } from './payout-approvals';

const ADMIN_ID = '55555555-5555-4555-8555-555555555555';
const CONFIRMED_AT = new Date(Date.now() - 5 * 60_000).toISOString();

beforeEach(() => fakeRealtime.reset());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastStore.remove();
});

/** A ₦6,000,000 order whose deposit `confirmer` confirmed: its payout waits for an admin. */
function waiting(id: number, confirmer = AGENT_ID): Order {
  return makeOrder({
    id,
    chatSessionId: 20 + id,
    state: 'payout_approval',
    txHash: 'b'.repeat(64),
    amountCrypto: '0.04',
    totalNaira: '6000000.00',
    timeline: [
      orderStep('awaiting_deposit'),
      orderStep('deposit_seen'),
      orderStep('payout_approval', { actor: 'agent', actorId: confirmer, at: CONFIRMED_AT }),
    ],
  });
}

/** The same order with its deposit confirmed and no approval at all (under the threshold). */
function plainConfirmed(order: Order): Order {
  return {
    ...order,
    state: 'deposit_confirmed',
    timeline: order.timeline.map((e) =>
      e.state === 'payout_approval' ? { ...e, state: 'deposit_confirmed' as const } : e,
    ),
  };
}

const card = (order: Order, viewer: 'customer' | 'agent') => {
  stubApi({ 'GET /api/auth/user': { body: makeAgent({ id: AGENT_ID }) } });
  return renderWithApp(<OrderCard order={order} viewer={viewer} />, '/chat/21');
};

describe('a payout waiting for approval on the order card', () => {
  // The clock stands still: the customer's payout countdown reads the same in every render.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tells the agent "Waiting for approval by an admin", with no Record payout', () => {
    card(waiting(1), 'agent');
    expect(screen.getByTestId('payout-approval-waiting').textContent).toBe(
      'Waiting for approval by an admin',
    );
    expect(screen.getByTestId('order-state').textContent).toBe('Payout approval');
    expect(screen.queryByRole('button', { name: /Record payout/ })).toBeNull();
  });

  it('shows the customer exactly the card of a confirmed deposit, before and after the approval', () => {
    const order = waiting(1);
    const before = card(plainConfirmed(order), 'customer');
    const expected = before.container.innerHTML;
    cleanup();
    card(order, 'customer');
    expect(screen.getByTestId('order-card').outerHTML).toBe(
      new DOMParser()
        .parseFromString(expected, 'text/html')
        .querySelector('[data-testid="order-card"]')!.outerHTML,
    );
    expect(screen.getByTestId('order-state').textContent).toBe('Deposit confirmed');
    expect(screen.getByTestId('order-card').textContent).not.toMatch(/approv/i);
    cleanup();
    // Approved: the admin's step back into deposit_confirmed is no news to the customer.
    card(
      {
        ...order,
        state: 'deposit_confirmed',
        timeline: [...order.timeline, orderStep('deposit_confirmed', { actor: 'admin' })],
      },
      'customer',
    );
    expect(screen.getByTestId('order-card').outerHTML).toBe(
      new DOMParser()
        .parseFromString(expected, 'text/html')
        .querySelector('[data-testid="order-card"]')!.outerHTML,
    );
  });
});

const rows = () => screen.queryAllByTestId('payout-approval');

describe('the admins’ Payouts to approve', () => {
  it('lists each live; Approve takes it off; the confirmer is told another admin decides', async () => {
    const calls = stubApi({
      'GET /api/auth/user': { body: makeAgent({ id: ADMIN_ID, isAdmin: true }) },
      'GET /api/orders': { body: { items: [waiting(2), waiting(1, ADMIN_ID)], nextCursor: null } },
      'POST /api/orders/:id/approve-payout': () =>
        json({
          ...waiting(2),
          state: 'deposit_confirmed',
          updatedAt: new Date(Date.now() + 1000).toISOString(),
        }),
    });
    renderWithApp(<PayoutApprovals viewerId={ADMIN_ID} />, '/agent/admin?tab=approvals');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(calls[0]!.url).toContain('/api/orders?state=payout_approval&limit=100');
    const first = rows()[0]!;
    expect(first.textContent).toContain('AC-ORD0002');
    expect(first.textContent).toContain('₦6,000,000.00');
    expect(within(first).getByRole('link', { name: 'Open the chat' }).getAttribute('href')).toBe(
      '/chat/22',
    );
    expect(within(rows()[1]!).getByTestId('payout-approval-own').textContent).toBe(
      'You confirmed this deposit: another admin must approve the payout.',
    );

    act(() => fakeRealtime.emit(orderUpdated(waiting(3))));
    await waitFor(() => expect(rows()).toHaveLength(3));

    fireEvent.click(
      within(rows()[1]!).getByRole('button', { name: "Approve AC-ORD0002's payout" }),
    );
    // It asks first, showing the order and the money; nothing is sent before the yes.
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('AC-ORD0002');
    expect(calls.some((c) => c.url.endsWith('/api/orders/2/approve-payout'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(rows().map((r) => r.getAttribute('data-order-id'))).toEqual(['3', '1']),
    );
    const approve = calls.find((c) => c.url.endsWith('/api/orders/2/approve-payout'))!;
    expect(approve.headers.get('idempotency-key')).toBeTruthy();
    expect(toastStore.getSnapshot()[0]).toMatchObject({ title: 'Payout approved' });
  });

  it('rejects with a reason of at least 10 characters', async () => {
    const calls = stubApi({
      'GET /api/auth/user': { body: makeAgent({ id: ADMIN_ID, isAdmin: true }) },
      'GET /api/orders': { body: { items: [waiting(2)], nextCursor: null } },
      'POST /api/orders/:id/reject-payout': () =>
        json({
          ...waiting(2),
          state: 'deposit_returning',
          updatedAt: new Date(Date.now() + 1000).toISOString(),
        }),
    });
    renderWithApp(<PayoutApprovals viewerId={ADMIN_ID} />, '/agent/admin?tab=approvals');
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: "Reject AC-ORD0002's payout" }));
    const reason = screen.getByLabelText(
      "Why AC-ORD0002's payout is rejected (the customer sees it)",
    );
    fireEvent.change(reason, { target: { value: 'No.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject payout' }));
    expect(
      await screen.findByText('Say why the payout is rejected (at least 10 characters)'),
    ).toBeTruthy();
    expect(calls.some((c) => c.url.includes('reject-payout'))).toBe(false);
    fireEvent.change(reason, { target: { value: 'The account name does not match' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject payout' }));
    await waitFor(() => expect(rows()).toHaveLength(0));
    const sent = calls.find((c) => c.url.endsWith('/api/orders/2/reject-payout'))!;
    expect(sent.body).toEqual({ reason: 'The account name does not match' });
  });
});

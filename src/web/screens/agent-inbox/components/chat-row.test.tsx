// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppConfigProvider } from '../../../lib/app-config';
import { createQueryClient } from '../../../lib/query-client';
import { fullPageNavigation } from '../../../lib/navigation';
import { toastStore } from '../../../lib/toast';
import { resetUnauthorizedRedirect } from '../../../lib/unauthorized';
import { ChatRow } from './chat-row';
import { type ApiReply, stubApi } from '../../../testing/api-stub';
import { makeCustomer, makeSession } from '../../../testing/fixtures';
import { TEST_CONFIG } from '../../../testing/render-app';

function renderRow(
  session = makeSession(),
  viewer = { isAgent: true, isAdmin: false },
  config = TEST_CONFIG,
) {
  return render(
    <AppConfigProvider config={config}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <ul>
            <ChatRow session={session} viewer={viewer} now={new Date('2026-03-18T12:00:00Z')} />
          </ul>
        </MemoryRouter>
      </QueryClientProvider>
    </AppConfigProvider>,
  );
}

const lastToast = () => toastStore.getSnapshot()[0];

beforeEach(() => {
  // Radix positions its menu with ResizeObserver, which jsdom lacks.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  toastStore.remove();
  resetUnauthorizedRedirect();
});

describe('chat row', () => {
  it("shows the customer's name, the status badge, and opens /agent/chats/{id}", () => {
    renderRow(makeSession({ id: 42 }));
    expect(screen.getByTestId('chat-row-name').textContent).toBe('Ada Obi');
    expect(screen.getByTestId('customer-status').textContent).toBe('Active');
    expect(screen.getByTestId('customer-status').dataset.tone).toBe('green');
    expect(screen.getByRole('link').getAttribute('href')).toBe('/agent/chats/42');
  });

  it('keeps a long name readable: whole in the title, on up to two lines of its own', () => {
    const name = 'Oluwaseyifunmi Adebayo-Babatunde Okonkwo-Nwachukwu';
    const [firstName, ...rest] = name.split(' ');
    renderRow(makeSession({ customer: makeCustomer({ firstName, lastName: rest.join(' ') }) }));
    const shown = screen.getByTestId('chat-row-name');
    expect(shown.textContent).toBe(name);
    expect(shown.getAttribute('title')).toBe(name);
    expect(shown.className).toContain('line-clamp-2');
    expect(shown.className).not.toContain('truncate');
  });

  it('says "Customer #" and the last 4 characters of the id when the customer has no name or email', () => {
    renderRow(
      makeSession({ customer: makeCustomer({ firstName: null, lastName: null, email: null }) }),
    );
    expect(screen.getByTestId('chat-row-name').textContent).toBe('Customer #1234');
  });

  it('says "No messages yet" and shows no time before the first message', () => {
    renderRow();
    expect(screen.getByTestId('chat-row-preview').textContent).toBe('No messages yet');
    expect(screen.getByTestId('chat-row-time').textContent).toBe('');
  });

  it('shows the last message and its time by the chat date rule; a photo as "Photo", a document and an audio by their kind', () => {
    const lastMessage = {
      id: 7,
      content: 'Sent 0.05 BTC',
      messageType: 'text' as const,
      senderId: makeCustomer().id,
      createdAt: '2026-03-17T10:00:00.000Z',
    };
    renderRow(makeSession({ lastMessage, lastMessageAt: lastMessage.createdAt }));
    expect(screen.getByTestId('chat-row-preview').textContent).toBe('Sent 0.05 BTC');
    expect(screen.getByTestId('chat-row-time').textContent).toBe('Yesterday');
    cleanup();
    renderRow(makeSession({ lastMessage: { ...lastMessage, messageType: 'image', content: '' } }));
    expect(screen.getByTestId('chat-row-preview').textContent).toBe('Photo');
    // A WhatsApp customer's PDF and voice note (decision 037).
    for (const [messageType, label] of [
      ['document', 'Document'],
      ['audio', 'Audio'],
    ] as const) {
      cleanup();
      renderRow(makeSession({ lastMessage: { ...lastMessage, messageType, content: '' } }));
      expect(screen.getByTestId('chat-row-preview').textContent).toBe(label);
    }
  });

  it('shows the green dot only while no agent is assigned', () => {
    renderRow();
    expect(screen.getByRole('img', { name: 'No agent assigned' })).toBeTruthy();
    cleanup();
    renderRow(makeSession({ agentId: '5d3c2b1a-0000-4000-8000-000000000001' }));
    expect(screen.queryByTestId('unassigned-dot')).toBeNull();
  });

  it.each([
    ['active', 'Active', 'green'],
    ['banned', 'Banned', 'red'],
    ['paid', 'Paid', 'blue'],
    ['dispute', 'Dispute', 'yellow'],
    ['hold', 'Hold', 'grey'],
  ] as const)('shows the %s status as "%s" in %s', (status, label, tone) => {
    renderRow(makeSession({ customer: makeCustomer({ customerStatus: status }) }));
    const badge = screen.getByTestId('customer-status');
    expect(badge.textContent).toBe(label);
    expect(badge.dataset.tone).toBe(tone);
  });
});

describe("a waiting customer's chat against FIRST_RESPONSE_TARGET_MINUTES", () => {
  const START = new Date('2026-03-18T12:00:00Z');
  const wait = () => screen.queryByTestId('chat-row-wait');
  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  beforeEach(() => {
    vi.useFakeTimers({ now: START });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('turns amber at half the target and red at the target, in words too, as time passes', () => {
    // The customer wrote 2 min ago; the target is 5 min.
    renderRow(makeSession({ waitingSince: new Date(START.getTime() - 120_000).toISOString() }));
    expect(wait()).toBeNull();
    advance(29_000);
    expect(wait()).toBeNull();
    advance(1_100);
    expect(wait()!.dataset.level).toBe('amber');
    expect(wait()!.textContent).toBe('Waiting over 2 min 30 s');
    advance(149_000);
    expect(wait()!.dataset.level).toBe('amber');
    advance(1_100);
    expect(wait()!.dataset.level).toBe('red');
    expect(wait()!.textContent).toBe('Waiting over 5 min');
    expect(wait()!.className).toContain('text-down');
  });

  it('reads a wait that arrives later (a refetch, an event) at the time it arrives', () => {
    const view = renderRow(makeSession({ waitingSince: null }));
    advance(10 * 60_000);
    // The row learns now that the customer has waited since a minute after it was drawn.
    const since = new Date(START.getTime() + 60_000).toISOString();
    view.unmount();
    renderRow(makeSession({ waitingSince: since }));
    expect(wait()!.dataset.level).toBe('red');
    cleanup();
    const row = renderRow(makeSession({ waitingSince: null }));
    advance(10 * 60_000);
    row.rerender(
      <AppConfigProvider config={TEST_CONFIG}>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter>
            <ul>
              <ChatRow session={makeSession({ waitingSince: since })} />
            </ul>
          </MemoryRouter>
        </QueryClientProvider>
      </AppConfigProvider>,
    );
    advance(10);
    expect(wait()!.dataset.level).toBe('red');
  });

  it('follows the configured target, and shows nothing when nobody waits or the chat is resolved', () => {
    const since = new Date(START.getTime() - 6 * 60_000).toISOString();
    renderRow(makeSession({ waitingSince: since }), undefined, {
      ...TEST_CONFIG,
      firstResponseTargetMinutes: 10,
    });
    expect(wait()!.dataset.level).toBe('amber');
    expect(wait()!.textContent).toBe('Waiting over 5 min');
    cleanup();
    renderRow(makeSession({ waitingSince: null }));
    expect(wait()).toBeNull();
    cleanup();
    renderRow(makeSession({ waitingSince: since, status: 'closed' }));
    expect(wait()).toBeNull();
  });
});

/** Answers the customer-status PATCH with `reply`; returns the calls made. */
function stubPatch(reply: ApiReply) {
  return stubApi({ 'PATCH /api/admin/users/:id/customer-status': reply });
}

async function markAs(label: string) {
  // The menu is its own chunk (lazy-status-menu.tsx): wait for it to load.
  const trigger = await screen.findByRole('button', { name: 'Mark Customer As (Ada Obi)' });
  fireEvent.keyDown(trigger, { key: 'Enter' });
  const menu = await screen.findByRole('menu');
  expect(within(menu).getByText('Mark Customer As')).toBeTruthy();
  expect(
    within(menu)
      .getAllByRole('menuitem')
      .map((i) => i.textContent),
  ).toEqual(['Active', 'Paid', 'Dispute', 'Hold', 'Ban Customer']);
  fireEvent.click(within(menu).getByRole('menuitem', { name: label }));
}

describe("the marker of a chat's order waiting on the desk", () => {
  const marker = () => screen.queryByTestId('order-waiting');
  const waiting = (state: 'deposit_seen' | 'deposit_confirmed' | 'disputed') =>
    makeSession({ orderWaiting: { reference: 'AC-7F3K2Q9D', state } });
  const admin = { isAgent: true, isAdmin: true };

  it('asks an agent to confirm a deposit or send a payout, naming the order', () => {
    renderRow(waiting('deposit_seen'));
    expect(marker()!.textContent).toBe('Order AC-7F3K2Q9D: Confirm deposit');
    expect(marker()!.dataset.status).toBe('deposit_seen');
    cleanup();
    renderRow(waiting('deposit_confirmed'));
    expect(marker()!.textContent).toBe('Order AC-7F3K2Q9D: Send payout');
  });

  it('shows a dispute to admins only, and nothing without an order waiting', () => {
    renderRow(waiting('disputed'));
    expect(marker()).toBeNull();
    cleanup();
    renderRow(waiting('disputed'), admin);
    expect(marker()!.textContent).toBe('Order AC-7F3K2Q9D: Resolve dispute');
    cleanup();
    renderRow(makeSession(), admin);
    expect(marker()).toBeNull();
  });
});

describe('"Mark Customer As" menu', () => {
  it('sends the new status and toasts "Status Updated"', async () => {
    const calls = stubPatch({ body: makeCustomer({ customerStatus: 'banned' }) });
    renderRow();
    await markAs('Ban Customer');
    // A ban asks first, naming the customer; nothing is sent until it is confirmed.
    const dialog = await screen.findByRole('dialog', { name: 'Ban this customer?' });
    expect(within(dialog).getByTestId('confirm-customer').textContent).toBe('Ada Obi');
    expect(calls).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ban Customer' }));
    await waitFor(() => expect(lastToast()?.title).toBe('Status Updated'));
    expect(lastToast()?.description).toBe('Customer status has been updated successfully');
    expect(calls).toMatchObject([
      {
        method: 'PATCH',
        path: `/api/admin/users/${makeCustomer().id}/customer-status`,
        body: { status: 'banned' },
      },
    ]);
  });

  it('bans no one when the agent cancels the question', async () => {
    const calls = stubPatch({ body: makeCustomer({ customerStatus: 'paid' }) });
    renderRow();
    await markAs('Ban Customer');
    const dialog = await screen.findByRole('dialog', { name: 'Ban this customer?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // A change made after it is the only one the server hears of.
    await markAs('Paid');
    await waitFor(() => expect(lastToast()?.title).toBe('Status Updated'));
    expect(calls.map((c) => c.body)).toEqual([{ status: 'paid' }]);
  });

  it('toasts "Error" / "Failed to update customer status" when the change fails', async () => {
    stubPatch({ status: 404, body: { error: 'Customer not found' } });
    renderRow();
    await markAs('Paid');
    await waitFor(() => expect(lastToast()?.title).toBe('Error'));
    expect(lastToast()).toMatchObject({
      description: 'Failed to update customer status',
      variant: 'destructive',
    });
  });

  it('on 401: "Session expired. Please login again.", then /api/login after 500 ms', async () => {
    const assign = vi.spyOn(fullPageNavigation, 'assign').mockImplementation(() => undefined);
    stubPatch({ status: 401, body: { error: 'Unauthorized' } });
    renderRow();
    await markAs('Hold');
    await waitFor(() => expect(lastToast()?.title).toBe('Unauthorized'));
    expect(lastToast()?.description).toBe('Session expired. Please login again.');
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1), { timeout: 1500 });
    expect(assign.mock.calls[0]![0]).toMatch(/^\/api\/login/);
  });
});

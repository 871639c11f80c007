// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../lib/toast';
import { resetUnauthorizedRedirect } from '../../lib/unauthorized';
import { withGuard } from '../../app/guards';
import ProcessTransactionScreen from './process-transaction-screen';
import { type ApiCall, json, stubApi } from '../../testing/api-stub';
import { makeAgent, makeSession, makeTransaction, makeUser } from '../../testing/fixtures';
import { renderApp, renderWithApp } from '../../testing/render-app';

/** The screen as its route shows it: behind its guard (app/routes.tsx). */
const GuardedScreen = withGuard('staff-only', ProcessTransactionScreen);

const PATTERN = '/agent/transaction/:sessionId';

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastStore.remove();
  resetUnauthorizedRedirect();
});

function toastText(): string {
  return toastStore
    .getSnapshot()
    .map((t) => [t.title, t.description].filter(Boolean).join(' – '))
    .join('\n');
}

function stubAgentApi(
  overrides: Record<string, (call: ApiCall) => Response | Promise<Response>> = {},
) {
  return stubApi({
    'GET /api/agent/user': () => json(makeAgent()),
    'GET /api/chat-sessions/7': () => json(makeSession({ status: 'active' })),
    ...overrides,
  });
}

async function renderScreen(path = '/agent/transaction/7', pattern = PATTERN) {
  const app = renderWithApp(<GuardedScreen />, path, pattern);
  await screen.findByRole('heading', { level: 1, name: 'Process Transaction' });
  return app;
}

const amount = () => screen.getByLabelText('Amount ($)') as HTMLInputElement;
const reason = () => screen.getByLabelText('Reason') as HTMLTextAreaElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Process Transaction' }));

describe('Process Transaction', () => {
  it("shows the customer's information from the chat session", async () => {
    stubAgentApi();
    await renderScreen();
    await waitFor(() => expect(screen.getByTestId('customer-id').textContent).toBe('abcd1234'));
    expect(screen.getByTestId('session-id').textContent).toBe('#7');
    expect(screen.getByTestId('session-status').textContent).toBe('Active');
    for (const label of ['Refund', 'New Charge', 'Price Adjustment'])
      expect(screen.getByRole('radio', { name: label })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Refund' }) as HTMLInputElement).checked).toBe(true);
    expect(amount().step).toBe('0.01');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('shows the status as Active until the session says otherwise', async () => {
    stubAgentApi({ 'GET /api/chat-sessions/7': () => new Promise<Response>(() => undefined) });
    await renderScreen('/transaction/7', '/transaction/:sessionId');
    expect(screen.getByTestId('session-status').textContent).toBe('Active');
  });

  it('shows the approval notice over $50 only: not at 50, at 50.01', async () => {
    stubAgentApi();
    await renderScreen();
    fireEvent.change(amount(), { target: { value: '50' } });
    expect(screen.queryByTestId('approval-required')).toBeNull();
    fireEvent.change(amount(), { target: { value: '50.00' } });
    expect(screen.queryByTestId('approval-required')).toBeNull();
    fireEvent.change(amount(), { target: { value: '50.01' } });
    const notice = screen.getByTestId('approval-required');
    expect(notice.textContent).toBe(
      'Approval RequiredTransactions over $50 require supervisor approval.',
    );
  });

  it('asks for the required fields and sends nothing without them', async () => {
    const calls = stubAgentApi();
    await renderScreen();
    submit();
    expect(toastText()).toBe('Error – Please fill in all required fields');
    fireEvent.change(amount(), { target: { value: '25' } });
    submit();
    expect(toastText()).toBe('Error – Please fill in all required fields');
    expect(reason().getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(reason(), { target: { value: '   ' } });
    submit();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('creates it with one Idempotency-Key however often it is sent, then goes home', async () => {
    let attempts = 0;
    const calls = stubAgentApi({
      'POST /api/transactions': () => {
        attempts += 1;
        // The first answer is lost on the way back.
        if (attempts === 1) throw new TypeError('Failed to fetch');
        return json(makeTransaction({ id: 4, type: 'adjustment', currency: 'usd' }), 201);
      },
    });
    const app = await renderScreen();
    await waitFor(() => expect(screen.getByTestId('customer-id').textContent).toBe('abcd1234'));
    fireEvent.click(screen.getByRole('radio', { name: 'Price Adjustment' }));
    fireEvent.change(amount(), { target: { value: '75.5' } });
    fireEvent.change(reason(), { target: { value: '  Rate moved during the trade ' } });
    submit();
    await waitFor(() => expect(toastText()).toBe('Error – Failed to create transaction'));
    submit();
    await waitFor(() =>
      expect(toastText()).toBe('Success – Transaction has been created successfully'),
    );
    await waitFor(() => expect(app.currentPath()).toBe('/agent'));

    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0]!.body).toEqual({
      chatSessionId: 7,
      customerId: '11111111-1111-4111-8111-1111abcd1234',
      type: 'adjustment',
      amount: '75.5',
      reason: 'Rate moved during the trade',
    });
    const keys = posts.map((p) => p.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it("shows the server's message when creating fails", async () => {
    stubAgentApi({
      'POST /api/transactions': () => json({ error: 'Chat session not found' }, 404),
    });
    await renderScreen();
    fireEvent.change(amount(), { target: { value: '10' } });
    fireEvent.change(reason(), { target: { value: 'Refund for a failed payout' } });
    submit();
    await waitFor(() =>
      expect(toastText()).toBe('Error – Failed to create transaction: Chat session not found'),
    );
  });

  it('refuses an amount that is no positive dollar amount, saying why', async () => {
    const calls = stubAgentApi();
    await renderScreen();
    fireEvent.change(reason(), { target: { value: 'x' } });
    for (const [value, message] of [
      ['0', 'Amount must be greater than zero'],
      ['-3', 'Amount must be positive'],
      ['1.005', 'Amount can have at most 2 decimal places'],
    ]) {
      fireEvent.change(amount(), { target: { value } });
      submit();
      expect(screen.getByText(message!)).toBeTruthy();
    }
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('goes back on Cancel', async () => {
    stubAgentApi();
    const app = await renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByText('elsewhere');
    expect(app.currentPath()).toBe('/agent');
  });

  it('refuses anyone but an agent: "Access denied. Agent privileges required." with Go Back', async () => {
    stubApi({
      'GET /api/agent/user': () => json({ error: 'Forbidden' }, 403),
      'GET /api/auth/user': () => json(makeUser()),
    });
    renderApp('/transaction/7');
    await screen.findByText('Access denied. Agent privileges required.');
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Process Transaction' })).toBeNull();
  });
});

// @vitest-environment jsdom
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BankDto, PayoutAccount } from '../../../shared/api/payout-accounts';
import { toastStore } from '../../lib/toast';
import { stubApi } from '../../testing/api-stub';
import { makeUser, UNMANAGED_RATES } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';
import { registerScreenHooks } from '../../testing/screen-hooks';

configure({ asyncUtilTimeout: 5000 });

const CUSTOMER = makeUser();
const BANKS: BankDto[] = [
  { code: '058', name: 'Guaranty Trust Bank', shortName: 'GTBank', scheme: 'nuban' },
  { code: '100004', name: 'OPay Digital Services', shortName: 'OPay', scheme: 'phone' },
];

function account(overrides: Partial<PayoutAccount> = {}): PayoutAccount {
  return {
    id: 1,
    bankCode: '058',
    bankName: 'Guaranty Trust Bank',
    accountNumber: '0123451234',
    accountName: 'ADA LOVELACE',
    verified: true,
    createdAt: '2026-11-22T08:00:00.000Z',
    ...overrides,
  };
}

beforeAll(async () => {
  await import('./payout-accounts-screen');
});
registerScreenHooks();

const toastTitles = () =>
  toastStore
    .getSnapshot()
    .filter((t) => t.open)
    .map((t) => t.title);

describe('payout accounts screen', () => {
  it('lists the accounts masked, with the verified name', async () => {
    stubApi({
      'GET /api/auth/user': () => ({ body: CUSTOMER }),
      'GET /api/banks': () => ({ body: BANKS }),
      'GET /api/payout-accounts': () => ({
        body: [
          account(),
          account({
            id: 2,
            bankCode: '100004',
            bankName: 'OPay Digital Services',
            accountNumber: '8031239876',
            accountName: 'Ada L',
            verified: false,
          }),
        ],
      }),
    });
    renderApp('/payout-accounts');
    const list = within(await screen.findByRole('region', { name: 'Saved accounts' }));
    expect(await list.findByText('GTBank 0123451234')).toBeTruthy();
    expect(list.getByText('OPay 8031239876')).toBeTruthy();
    expect(list.getByText('Verified')).toBeTruthy();
    expect(list.getByText('· not verified')).toBeTruthy();
    expect(screen.queryByText('0123451234')).toBeNull();
    expect(screen.getByText('2 of 5')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to trading/ }).getAttribute('href')).toBe(
      '/trade',
    );
  });

  it('adds an account and shows the name the bank gave', async () => {
    // The list is read again after the save: the stub keeps what was saved, as the server does.
    const saved: PayoutAccount[] = [];
    const calls = stubApi({
      'GET /api/auth/user': () => ({ body: CUSTOMER }),
      'GET /api/banks': () => ({ body: BANKS }),
      'GET /api/payout-accounts': () => ({ body: saved }),
      'POST /api/payout-accounts': () => {
        saved.push(account({ id: 7 }));
        return { status: 201, body: saved[0] };
      },
    });
    renderApp('/payout-accounts');
    expect(await screen.findByText(/No accounts yet/)).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Bank')).toHaveProperty('disabled', false));
    fireEvent.change(screen.getByLabelText('Bank'), { target: { value: '100004' } });
    expect(
      screen.getByText('Your OPay account number is your phone number without the first 0.'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Bank'), { target: { value: '058' } });
    expect(screen.queryByText(/phone number without the first 0/)).toBeNull();
    fireEvent.change(screen.getByLabelText('Account number'), {
      target: { value: '01234-51234' },
    });
    fireEvent.change(screen.getByLabelText('Account name'), { target: { value: ' Ada L ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save account' }));
    expect(await screen.findByText('GTBank 0123451234')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      bankCode: '058',
      accountNumber: '0123451234',
      accountName: 'Ada L',
    });
    expect(toastTitles()).toContain('GTBank 0123451234 saved');
    expect(toastStore.getSnapshot().find((t) => t.open)?.description).toBe(
      'Your bank confirmed the name: ADA LOVELACE',
    );
    expect(screen.getByText('1 of 5')).toBeTruthy();
  });

  it('shows the server’s refusal and checks the number before calling it', async () => {
    const calls = stubApi({
      'GET /api/auth/user': () => ({ body: CUSTOMER }),
      'GET /api/banks': () => ({ body: BANKS }),
      'GET /api/payout-accounts': () => ({ body: [] }),
      'POST /api/payout-accounts': () => ({
        status: 400,
        body: { error: 'This account number is not valid for Guaranty Trust Bank' },
      }),
    });
    renderApp('/payout-accounts');
    await waitFor(() => expect(screen.getByLabelText('Bank')).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: 'Save account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose your bank.');
    fireEvent.change(screen.getByLabelText('Bank'), { target: { value: '058' } });
    fireEvent.change(screen.getByLabelText('Account number'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save account' }));
    expect(screen.getByRole('alert').textContent).toBe('The account number must be 10 digits.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Account number'), { target: { value: '0123456780' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save account' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'This account number is not valid for Guaranty Trust Bank',
      ),
    );
  });

  it('deletes an account and hides the form at 5', async () => {
    const five = [1, 2, 3, 4, 5].map((id) =>
      account({ id, accountNumber: `012345${String(id).padStart(4, '0')}` }),
    );
    const calls = stubApi({
      'GET /api/auth/user': () => ({ body: CUSTOMER }),
      'GET /api/banks': () => ({ body: BANKS }),
      'GET /api/payout-accounts': () => ({ body: five }),
      'DELETE /api/payout-accounts/3': () => ({ status: 204 }),
    });
    renderApp('/payout-accounts');
    expect(await screen.findByText(/the most you can keep/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save account' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete GTBank 0123450003' }));
    await waitFor(() => expect(screen.queryByText('GTBank 0123450003')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/payout-accounts/3')).toBe(
      true,
    );
    expect(screen.getByText('4 of 5')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save account' })).toBeTruthy();
    expect(toastTitles()).toContain('GTBank 0123450003 deleted');
  });

  it('sends staff to their portal', async () => {
    const staff = makeUser({ isAgent: true });
    stubApi({
      'GET /api/auth/user': { body: staff },
      // The agent's chats, where they are sent.
      'GET /api/agent/user': { body: staff },
      'GET /api/exchange-rates/manage': { body: UNMANAGED_RATES },
      'GET /api/chat-sessions/all': { body: { items: [], nextCursor: null } },
    });
    const app = renderApp('/payout-accounts');
    await waitFor(() => expect(app.currentPath()).toBe('/agent/chats'));
  });
});

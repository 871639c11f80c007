// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BankDto, StaffPayoutAccount } from '../../../../shared/api/payout-accounts';
import { stubApi } from '../../../testing/api-stub';
import { makePayoutAccount } from '../../../testing/fixtures';
import { TEST_CONFIG } from '../../../testing/render-app';
import { TestProviders } from '../../../testing/test-providers';
import { CustomerPayoutAccounts } from './customer-payout-accounts';

const CUSTOMER_ID = '11111111-1111-4111-8111-111111111111';
const BANKS: BankDto[] = [
  { code: '058', name: 'Guaranty Trust Bank', shortName: 'GTBank', scheme: 'nuban' },
];
const staff = (overrides: Partial<StaffPayoutAccount> = {}): StaffPayoutAccount => ({
  ...makePayoutAccount(),
  alsoSavedBy: [],
  pending: false,
  ...overrides,
});

afterEach(cleanup);

const show = (whatsapp: boolean) =>
  render(
    <TestProviders config={TEST_CONFIG}>
      <CustomerPayoutAccounts customerId={CUSTOMER_ID} customerName="Chidi" whatsapp={whatsapp} />
    </TestProviders>,
  );

describe("a customer's payout accounts in the desk", () => {
  it('a web customer: read-only, no pending note', async () => {
    stubApi({
      'GET /api/admin/users/:id/payout-accounts': () => ({ body: [staff()] }),
    });
    show(false);
    await screen.findByTestId('customer-payout-account');
    expect(screen.queryByTestId('payout-account-pending')).toBeNull();
    expect(screen.queryByTestId('add-customer-account')).toBeNull();
  });

  it("a WhatsApp customer: the agent adds one, and it shows waiting for the customer's confirmation", async () => {
    let accounts: StaffPayoutAccount[] = [];
    const calls = stubApi({
      'GET /api/banks': () => ({ body: BANKS }),
      'GET /api/admin/users/:id/payout-accounts': () => ({ body: accounts }),
      'POST /api/channels/whatsapp/customers/:customerId/payout-accounts': () => {
        accounts = [staff({ id: 8, accountNumber: '0123456785', verified: false, pending: true })];
        return { status: 201, body: makePayoutAccount({ id: 8, accountNumber: '0123456785' }) };
      },
    });
    show(true);
    await screen.findByText('No payout accounts saved');
    fireEvent.click(screen.getByRole('button', { name: 'Add an account for the customer' }));
    const form = screen.getByTestId('add-customer-account-form');
    await waitFor(() =>
      expect(within(form).getByRole('option', { name: 'Guaranty Trust Bank' })).toBeTruthy(),
    );
    fireEvent.change(within(form).getByLabelText('Bank'), { target: { value: '058' } });
    fireEvent.change(within(form).getByLabelText('Account number'), {
      target: { value: '0123 456 785' },
    });
    fireEvent.change(within(form).getByLabelText('Account name'), {
      target: { value: 'Chidi Okafor' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save and ask the customer' }));
    expect(await screen.findByTestId('payout-account-pending')).toHaveProperty(
      'textContent',
      'Waiting for the customer to confirm on WhatsApp',
    );
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe(`/api/channels/whatsapp/customers/${CUSTOMER_ID}/payout-accounts`);
    expect(post?.body).toEqual({
      bankCode: '058',
      accountNumber: '0123456785',
      accountName: 'Chidi Okafor',
    });
    // The form closes once saved.
    expect(screen.queryByTestId('add-customer-account-form')).toBeNull();
  });
});

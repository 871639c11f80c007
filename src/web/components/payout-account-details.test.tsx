// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makePayoutAccount } from '../testing/fixtures';
import { PayoutAccountDetails } from './payout-account-details';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('PayoutAccountDetails', () => {
  it('shows the bank, the full number with a copy button, the name, and "Name verified"', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<PayoutAccountDetails account={makePayoutAccount({ accountNumber: '0123456785' })} />);
    expect(text('payout-account-bank')).toBe('Guaranty Trust Bank');
    expect(text('payout-account-number')).toBe('0123456785');
    expect(screen.getByTestId('payout-account-details').textContent).not.toContain('****');
    expect(text('payout-account-name')).toBe('ADA LOVELACE');
    expect(text('payout-account-verified')).toBe('Name verified');
    fireEvent.click(screen.getByRole('button', { name: 'Copy account number 0123456785' }));
    expect(writeText).toHaveBeenCalledWith('0123456785');
    await waitFor(() => expect(screen.getByRole('button').textContent).toBe('Copied'));
    // No other customer saved it: no flag.
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('says "Not verified" when the customer typed the name', () => {
    render(<PayoutAccountDetails account={makePayoutAccount({ verified: false })} />);
    expect(text('payout-account-verified')).toBe('Not verified');
  });

  it('flags the other customers who saved the same account', () => {
    render(
      <PayoutAccountDetails
        account={makePayoutAccount()}
        alsoSavedBy={[
          { customerId: '22222222-2222-4222-8222-222222222222', name: 'Bola Ade' },
          { customerId: '33333333-3333-4333-8333-333333333333', name: 'Chidi Eze' },
        ]}
      />,
    );
    const note = screen.getByRole('note');
    expect(note.textContent).toBe(
      'Also saved by 2 other customers: Bola Ade, Chidi Eze. Check before paying.',
    );
    expect(within(note).queryByRole('button')).toBeNull();
  });
});

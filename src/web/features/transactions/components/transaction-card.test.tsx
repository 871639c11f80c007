// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TransactionCard } from './transaction-card';
import { makeTransaction } from '../../../testing/fixtures';

afterEach(cleanup);

function value(testId: string): string {
  return screen.getByTestId(testId).textContent ?? '';
}

describe('TransactionCard', () => {
  it("shows the server's total formatted to the kobo, never recomputed", () => {
    // 0.05 x 157,254,058.50 = 7,862,702.925: the server rounded half-up; a card that
    // multiplied floats again could show .92.
    render(<TransactionCard transaction={makeTransaction({ id: 1 })} />);
    expect(value('transaction-total')).toBe('₦7,862,702.93');
    expect(value('transaction-type')).toBe('Sell');
    expect(value('transaction-amount')).toBe('0.05 BTC');
    expect(value('transaction-rate')).toBe('₦157,254,058.50');
    expect(value('transaction-reference')).toBe('AC-7F3K2Q01');
    expect(value('transaction-date')).toMatch(/^22 Nov 2026, \d\d:\d\d/);
    expect(screen.getByTestId('transaction-date').querySelector('time')?.dateTime).toBe(
      '2026-11-22T08:21:00.000Z',
    );
    expect(value('transaction-status')).toBe('Pending');
    expect(screen.getByTestId('transaction-status').dataset.status).toBe('pending');
    // An order's trade: no manual mark.
    expect(screen.queryByTestId('transaction-manual')).toBeNull();
  });

  it('marks a trade recorded by hand before orders, and says it is not in volume', () => {
    render(<TransactionCard transaction={makeTransaction({ id: 4, manual: true })} />);
    const mark = screen.getByTestId('transaction-manual');
    expect(mark.textContent).toBe('Manual, before orders');
    expect(mark.getAttribute('title')).toMatch(/not counted in volume/);
    expect(value('transaction-type')).toBe('Sell');
  });

  it('keeps large totals exact and shows dollar transactions with their reason', () => {
    render(
      <TransactionCard
        transaction={makeTransaction({
          id: 2,
          type: 'refund',
          transactionType: 'Refund',
          currency: 'usd',
          amount: '1234.50',
          rate: '1650',
          total: '999999999999.99',
          status: 'completed',
          reason: 'Double payment',
        })}
      />,
    );
    expect(value('transaction-total')).toBe('₦999,999,999,999.99');
    expect(value('transaction-amount')).toBe('1,234.50 USD');
    expect(value('transaction-rate')).toBe('₦1,650.00');
    expect(value('transaction-status')).toBe('Completed');
    expect(screen.getByText('Double payment')).toBeTruthy();
    const card = screen.getByRole('article', { name: 'Refund' });
    expect(within(card).getByText('US dollars')).toBeTruthy();
  });

  it('marks a failed one red', () => {
    render(
      <TransactionCard
        transaction={makeTransaction({ id: 3, status: 'failed', currency: 'usdt', amount: '150' })}
      />,
    );
    expect(value('transaction-status')).toBe('Failed');
    expect(value('transaction-amount')).toBe('150 USDT');
  });
});

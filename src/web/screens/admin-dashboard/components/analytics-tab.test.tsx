// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnalyticsTab } from './analytics-tab';
import { makeAnalytics } from '../../../testing/fixtures';

// recharts needs a laid-out page; its figures are checked in the browser tests.
vi.mock('./activity-chart', () => ({ default: () => <div data-testid="chart" /> }));

afterEach(cleanup);

function value(testId: string): string {
  return screen.getByTestId(`${testId}-value`).textContent ?? '';
}

describe('AnalyticsTab', () => {
  it('shows "-" for every figure whose divisor is zero, and no NaN or Infinity anywhere', async () => {
    const { container } = render(<AnalyticsTab analytics={makeAnalytics()} />);
    await screen.findByTestId('chart');
    expect(value('metric-success-rate')).toBe('-');
    expect(value('metric-avg-volume')).toBe('-');
    expect(value('metric-agent-utilization')).toBe('-');
    expect(value('distribution-btc')).toBe('-');
    expect(value('distribution-usdt')).toBe('-');
    expect(value('status-completed')).toBe('0');
    expect(container.textContent).not.toMatch(/NaN|Infinity|undefined/);
    expect(screen.getByText('No sessions in this period yet.')).toBeTruthy();
  });

  it('shows the metrics, the split in percent and the status counts', async () => {
    render(
      <AnalyticsTab
        analytics={makeAnalytics({
          transactionStats: {
            total: 3,
            completed: 2,
            pending: 1,
            failed: 0,
            completedTrades: 2,
            totalVolume: '15000000.50',
            refunds: '0.00',
            charges: '0.00',
            adjustments: '0.00',
          },
          distribution: { bitcoin: '66.67', usdt: '33.33' },
          metrics: { successRate: '66.67', avgVolume: '7500000.25', agentUtilization: '1.50' },
        })}
      />,
    );
    await screen.findByTestId('chart');
    expect(value('metric-success-rate')).toBe('66.67%');
    expect(value('metric-avg-volume')).toBe('₦7,500,000.25');
    expect(value('metric-agent-utilization')).toBe('1.5');
    expect(value('distribution-btc')).toBe('66.67%');
    expect(value('distribution-usdt')).toBe('33.33%');
    expect(value('status-completed')).toBe('2');
    expect(value('status-pending')).toBe('1');
    expect(value('status-failed')).toBe('0');
    const metrics = screen.getByTestId('key-metrics');
    for (const label of ['Success Rate', 'Avg. Volume', 'Agent Utilization'])
      expect(within(metrics).getByText(label)).toBeTruthy();
  });

  it('gives screen readers the days as a table', async () => {
    const analytics = makeAnalytics();
    analytics.dailyActivity[6] = { date: '2025-11-22', sessions: 4, transactions: 2 };
    render(<AnalyticsTab analytics={analytics} />);
    await screen.findByTestId('chart');
    const row = screen.getByRole('row', { name: /22 Nov 2025/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['4', '2']);
    expect(screen.getByTestId('weekly-activity-totals').textContent).toBe(
      '4 sessions · 2 transactions in this period',
    );
  });

  it('says "1 session" and "1 transaction", and names the period of each figure', async () => {
    const analytics = makeAnalytics();
    analytics.dailyActivity[6] = { date: '2025-11-22', sessions: 1, transactions: 1 };
    analytics.transactionStats = { ...analytics.transactionStats, total: 1, pending: 1 };
    render(<AnalyticsTab analytics={analytics} />);
    await screen.findByTestId('chart');
    expect(screen.getByTestId('weekly-activity-totals').textContent).toBe(
      '1 session · 1 transaction in this period',
    );
    const status = screen.getByTestId('transaction-status');
    expect(within(status).getByText('1 transaction, 16 Nov – 22 Nov 2025')).toBeTruthy();
    expect(
      within(screen.getByTestId('key-metrics')).getByText('Over 16 Nov – 22 Nov 2025'),
    ).toBeTruthy();
  });

  it("counts the range's orders by state and averages deposit confirmed to payout sent, with the period", async () => {
    const base = makeAnalytics();
    render(
      <AnalyticsTab
        analytics={makeAnalytics({
          orderStats: {
            total: 3,
            byState: { ...base.orderStats.byState, completed: 1, payout_sent: 1, deposit_seen: 1 },
            payoutsSent: 2,
            avgDepositToPayoutSeconds: '1785.25',
          },
        })}
      />,
    );
    const card = await screen.findByTestId('order-stats');
    expect(
      within(card).getByText('3 orders created, 16 Nov – 22 Nov 2025, by state now'),
    ).toBeTruthy();
    expect(value('orders-completed')).toBe('1');
    expect(value('orders-payout_sent')).toBe('1');
    expect(value('orders-deposit_seen')).toBe('1');
    expect(value('orders-disputed')).toBe('0');
    expect(value('avg-payout-time')).toBe('29 min 45.25 s');
    expect(
      within(card).getByText(
        'Avg. time from deposit confirmed to payout sent (min, s) · 16 Nov – 22 Nov 2025',
      ),
    ).toBeTruthy();
    expect(within(card).getByText('Over 2 payouts sent in this period')).toBeTruthy();
  });

  it('shows "-" for the average payout time when no payout was sent', async () => {
    render(<AnalyticsTab analytics={makeAnalytics()} />);
    await screen.findByTestId('order-stats');
    expect(value('avg-payout-time')).toBe('-');
    expect(screen.getByText('Over 0 payouts sent in this period')).toBeTruthy();
  });
});

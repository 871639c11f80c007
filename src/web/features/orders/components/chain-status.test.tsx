// @vitest-environment jsdom
import { act, cleanup, render as renderBare, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderChain } from '../../../../shared/api/orders';
import { makeOrder } from '../../../testing/fixtures';
import { formatDateTime } from '../../../lib/format';
import { TEST_CONFIG } from '../../../testing/render-app';
import { TestProviders } from '../../../testing/test-providers';
import { ChainStatus } from './chain-status';

// A moment after the reads below: none is stale unless a test moves the clock on.
beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-22T08:30:10.000Z') });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Watch interval: TEST_CONFIG's 30 s. */
const render = (ui: ReactNode) =>
  renderBare(<TestProviders config={TEST_CONFIG}>{ui}</TestProviders>);

const TX = 'c'.repeat(64);
const read: OrderChain = {
  confirmations: 1,
  confirmationsRequired: 2,
  receivedCrypto: '0.00990000',
  firstSeenAt: '2026-11-22T08:25:00.000Z',
  problem: "Received 0.0099 BTC: 0.0001 BTC (₦15,132.00) short of the order's 0.01 BTC",
  checkedAt: '2026-11-22T08:30:00.000Z',
  differenceCrypto: null,
  differenceNaira: null,
  problemKind: 'short',
  payoutHeld: false,
  confirmedByHand: false,
};
const order = (chain: OrderChain | null, network: 'BTC' | 'USDT-TRC20' = 'BTC') =>
  makeOrder({
    id: 1,
    state: 'deposit_seen',
    txHash: TX,
    chain,
    network,
    coin: network === 'BTC' ? 'bitcoin' : 'usdt',
  });

describe('ChainStatus', () => {
  it('says it is checking until the chain was read', () => {
    render(
      <ChainStatus
        order={order({ ...read, confirmations: null, confirmationsRequired: null, problem: null })}
        viewer="customer"
      />,
    );
    expect(screen.getByTestId('chain-confirmations').textContent).toContain('Checking the chain…');
  });

  it('says "Checking the chain…" with the last-checked time once the last good read is older than two intervals', () => {
    render(<ChainStatus order={order({ ...read, problem: null })} viewer="customer" />);
    expect(screen.getByTestId('chain-confirmations').textContent).toBe('1 of 2 confirmations');
    expect(screen.queryByTestId('chain-last-checked')).toBeNull();
    // 60 s after the read: two intervals, not more.
    act(() => vi.advanceTimersByTime(50_000));
    expect(screen.queryByTestId('chain-last-checked')).toBeNull();
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByTestId('chain-confirmations').textContent).toBe('Checking the chain…');
    expect(screen.getByTestId('chain-last-checked').textContent).toBe(
      `Last checked ${formatDateTime('2026-11-22T08:30:00.000Z')}`,
    );
  });

  it('shows the agent the count, the problem with its difference, what came and the explorer', () => {
    render(<ChainStatus order={order(read)} viewer="agent" />);
    expect(screen.getByTestId('chain-confirmations').textContent).toContain('1 of 2 confirmations');
    expect(screen.getByRole('alert').textContent).toContain(
      "Received 0.0099 BTC: 0.0001 BTC (₦15,132.00) short of the order's 0.01 BTC",
    );
    expect(screen.getByTestId('chain-received').textContent).toContain(
      'Received 0.0099 BTC at the deposit address',
    );
    expect(screen.getByRole('link', { name: 'View on mempool.space' }).getAttribute('href')).toBe(
      `https://mempool.space/tx/${TX}`,
    );
  });

  it("lists each payment to the order's own address to the agent when several add up, never to the customer", () => {
    const paid = makeOrder({
      id: 2,
      state: 'deposit_seen',
      txHash: TX,
      chain: { ...read, receivedCrypto: '0.01000000', problem: null, problemKind: null },
      payments: [
        { txHash: TX, receivedCrypto: '0.00600000', confirmations: 2, blockTime: null },
        { txHash: 'd'.repeat(64), receivedCrypto: '0.00400000', confirmations: 1, blockTime: null },
      ],
    });
    render(<ChainStatus order={paid} viewer="agent" />);
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'cccccccccc… 0.006 BTC, 2 of 2 confirmations',
      'dddddddddd… 0.004 BTC, 1 of 2 confirmations',
    ]);
    cleanup();
    render(<ChainStatus order={paid} viewer="customer" />);
    expect(screen.queryByTestId('chain-payments')).toBeNull();
  });

  it('shows the customer the count only', () => {
    render(<ChainStatus order={order({ ...read, confirmations: 2 })} viewer="customer" />);
    expect(screen.getByTestId('chain-confirmations').textContent).toContain('2 of 2 confirmations');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('a hash the chain does not know: the customer is told so, not "0 of 2 confirmations"', () => {
    const notFound: OrderChain = {
      ...read,
      confirmations: 0,
      receivedCrypto: null,
      firstSeenAt: null,
      problem: 'Not found on the chain',
      problemKind: 'not_found',
    };
    render(<ChainStatus order={order(notFound)} viewer="customer" />);
    expect(screen.getByTestId('chain-confirmations').textContent).toBe(
      "We can't find this transaction on the chain yet",
    );
    cleanup();
    render(<ChainStatus order={order(notFound)} viewer="agent" />);
    expect(screen.getByTestId('chain-confirmations').textContent).toBe('Not found on the chain');
    cleanup();
    // Found, in the mempool: the count, distinct from not found.
    render(
      <ChainStatus
        order={order({ ...read, confirmations: 1, problem: null, problemKind: null })}
        viewer="customer"
      />,
    );
    expect(screen.getByTestId('chain-confirmations').textContent).toBe('1 of 2 confirmations');
  });

  it('a short deposit: the customer is told what arrived and what happens next', () => {
    render(
      <ChainStatus
        order={{
          ...order({
            ...read,
            confirmations: 2,
            receivedCrypto: '0.01500000',
            differenceCrypto: '-0.00093889',
            differenceNaira: '-147263.96',
          }),
          amountCrypto: '0.01593889',
        }}
        viewer="customer"
      />,
    );
    expect(screen.getByTestId('chain-confirmations').textContent).toBe(
      'We received 0.015 of 0.01593889 BTC. Your agent will send you a new total or return it.',
    );
  });

  it('links a TRON transaction to Tronscan, and caps the count at what is required', () => {
    render(
      <ChainStatus
        order={order(
          { ...read, confirmations: 40, confirmationsRequired: 19, problem: null },
          'USDT-TRC20',
        )}
        viewer="agent"
      />,
    );
    expect(screen.getByTestId('chain-confirmations').textContent).toContain(
      '19 of 19 confirmations',
    );
    expect(screen.getByRole('link', { name: 'View on Tronscan' }).getAttribute('href')).toBe(
      `https://tronscan.org/#/transaction/${TX}`,
    );
  });

  it('shows nothing before a tx hash', () => {
    const { container } = renderBare(
      <TestProviders config={TEST_CONFIG}>
        <div data-testid="slot">
          <ChainStatus order={makeOrder({ id: 2, state: 'awaiting_deposit' })} viewer="agent" />
        </div>
      </TestProviders>,
    );
    expect(container.querySelector('[data-testid="slot"]')!.innerHTML).toBe('');
  });
});

// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Price } from '../../../../shared/api/prices';
import { PRICE_REFRESH_MS, PricesProvider, PricesStore, usePrices } from './get-prices';
import { TEST_PRICES } from '../../../testing/fixtures';

function Probe({ name }: { name: string }) {
  const { data, isPending, isError } = usePrices();
  const text = isPending
    ? 'pending'
    : `${data?.map((p) => p.usd).join(',') ?? 'none'}${isError ? ' (error)' : ''}`;
  return <p data-testid={name}>{text}</p>;
}

/** One probe under a provider of `store`: what each test renders, hydrates or server-renders. */
function probed(store: PricesStore) {
  return (
    <PricesProvider store={store}>
      <Probe name="a" />
    </PricesProvider>
  );
}

function deferredFetch() {
  const calls: { resolve: (prices: Price[]) => void; reject: (error: Error) => void }[] = [];
  const fetchPrices = vi.fn(
    () =>
      new Promise<Price[]>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  );
  return { fetchPrices, calls };
}

describe('PricesStore', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('fetches once for every screen part that shows prices, and shares the answer', async () => {
    const { fetchPrices, calls } = deferredFetch();
    const store = new PricesStore(fetchPrices);
    render(
      <PricesProvider store={store}>
        <Probe name="a" />
        <Probe name="b" />
      </PricesProvider>,
    );
    expect(screen.getByTestId('a').textContent).toBe('pending');
    expect(fetchPrices).toHaveBeenCalledTimes(1);
    await act(async () => calls[0]!.resolve(TEST_PRICES));
    expect(screen.getByTestId('a').textContent).toBe('97250.5,1.0002');
    expect(screen.getByTestId('b').textContent).toBe('97250.5,1.0002');
  });

  it('refreshes every two minutes while shown, keeps the last prices when a refresh fails, and stops when hidden', async () => {
    const { fetchPrices, calls } = deferredFetch();
    const store = new PricesStore(fetchPrices);
    const view = render(probed(store));
    await act(async () => calls[0]!.resolve(TEST_PRICES));

    await act(() => vi.advanceTimersByTimeAsync(PRICE_REFRESH_MS - 1));
    expect(fetchPrices).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchPrices).toHaveBeenCalledTimes(2);
    await act(async () => calls[1]!.reject(new Error('503: price service down')));
    expect(screen.getByTestId('a').textContent).toBe('97250.5,1.0002 (error)');

    await act(() => vi.advanceTimersByTimeAsync(PRICE_REFRESH_MS));
    await act(async () => calls[2]!.resolve([TEST_PRICES[1]!]));
    expect(screen.getByTestId('a').textContent).toBe('1.0002');

    view.unmount();
    await act(() => vi.advanceTimersByTimeAsync(PRICE_REFRESH_MS * 3));
    expect(fetchPrices).toHaveBeenCalledTimes(3);
  });

  it('shown again within the refresh period, reuses what it has instead of fetching again', async () => {
    const { fetchPrices, calls } = deferredFetch();
    const store = new PricesStore(fetchPrices);
    const first = render(probed(store));
    await act(async () => calls[0]!.resolve(TEST_PRICES));
    first.unmount();
    await act(() => vi.advanceTimersByTimeAsync(PRICE_REFRESH_MS / 2));
    render(probed(store));
    expect(screen.getByTestId('a').textContent).toBe('97250.5,1.0002');
    expect(fetchPrices).toHaveBeenCalledTimes(1);
  });

  it('a failed first fetch is "no prices", not a pending state forever', async () => {
    const { fetchPrices, calls } = deferredFetch();
    render(probed(new PricesStore(fetchPrices)));
    await act(async () => calls[0]!.reject(new Error('500: Internal Server Error')));
    expect(screen.getByTestId('a').textContent).toBe('none (error)');
  });

  it('hydrates as the server rendered (pending), whatever the store holds by then', async () => {
    const { fetchPrices, calls } = deferredFetch();
    const store = new PricesStore(fetchPrices);
    const view = render(probed(store));
    await act(async () => calls[0]!.resolve(TEST_PRICES));
    expect(store.getSnapshot().data).toEqual(TEST_PRICES);
    expect(store.getServerSnapshot()).toEqual({ data: undefined, isPending: true, isError: false });
    // The page a server rendered, taken over later by a store that already has prices.
    const server = renderToString(probed(new PricesStore(fetchPrices)));
    view.unmount();
    const container = document.createElement('div');
    container.innerHTML = server;
    document.body.append(container);
    const recoverable = vi.fn();
    const root = hydrateRoot(container, probed(store), { onRecoverableError: recoverable });
    await act(async () => undefined);
    expect(container.textContent).toBe('97250.5,1.0002');
    expect(recoverable).not.toHaveBeenCalled();
    act(() => root.unmount());
    container.remove();
  });

  it('usePrices outside a provider says what is missing', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Probe name="a" />)).toThrow('usePrices needs a <PricesProvider> above it');
  });
});

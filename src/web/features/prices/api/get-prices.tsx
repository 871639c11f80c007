import { createContext, useContext, useState, type ReactNode } from 'react';
import type { Price } from '../../../../shared/api/prices';
import { checkPrices } from '../../../../shared/api/public-market-check';
import { apiGetChecked } from '../../../lib/api-client';
import { PolledStore, usePolledStore, type PolledState } from '../../../lib/polled-store';

/** The spec's market price refresh. */
export const PRICE_REFRESH_MS = 120_000;

/**
 * Prices from our own server (it fetches the price service); [] means none are known yet.
 * Checked by hand, not with the contract's zod schema: the landing page reads them.
 */
export function getPrices(signal?: AbortSignal): Promise<Price[]> {
  return apiGetChecked('/api/prices', checkPrices, { signal });
}

/** What a screen sees: the last prices fetched, whether none have come yet, whether the last try failed. */
export type PricesState = PolledState<Price[]>;

/**
 * The app's one copy of the market prices, fetched while any screen shows them and refreshed
 * every PRICE_REFRESH_MS (decision 004: not a TanStack query). `initial` is the prices the
 * server rendered the landing page with (decision 005).
 */
export class PricesStore extends PolledStore<Price[]> {
  constructor(
    fetchPrices: () => Promise<Price[]> = () => getPrices(),
    refreshMs: number = PRICE_REFRESH_MS,
    initial?: Price[],
  ) {
    super(fetchPrices, refreshMs, initial);
  }
}

const PricesContext = createContext<PricesStore | null>(null);

/**
 * One price store for everything below it (the app root; each test render gets its own),
 * starting from the prices the page came with, if any.
 */
export function PricesProvider({
  children,
  store,
  initial,
}: {
  children: ReactNode;
  store?: PricesStore;
  initial?: Price[];
}) {
  const [own] = useState(() => store ?? new PricesStore(undefined, undefined, initial));
  return <PricesContext value={own}>{children}</PricesContext>;
}

export function usePrices(): PricesState {
  const store = useContext(PricesContext);
  if (!store) throw new Error('usePrices needs a <PricesProvider> above it');
  return usePolledStore(store);
}

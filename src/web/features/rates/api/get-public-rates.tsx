import { createContext, useContext, useState, type ReactNode } from 'react';
import { checkRates } from '../../../../shared/api/public-market-check';
import type { RatesResponse } from '../../../../shared/api/rates';
import { apiGetChecked } from '../../../lib/api-client';
import { PolledStore, usePolledStore, type PolledState } from '../../../lib/polled-store';

/** As often as the market prices the same rows show (the spec's 2 minutes). */
export const PUBLIC_RATES_REFRESH_MS = 120_000;

/**
 * GET /api/exchange-rates for the landing page: the published rates, checked by hand (no zod).
 * Screens in the data layer read the same answer through `useRates()`, in the query cache,
 * where the live layer refreshes it when agents save rates.
 */
export function getPublicRates(signal?: AbortSignal): Promise<RatesResponse> {
  return apiGetChecked('/api/exchange-rates', checkRates, { signal });
}

/**
 * The published rates outside the query cache, for the landing page (decision 004: no TanStack
 * Query there), refreshed with the prices. `initial` is what the server rendered the page with.
 */
export class PublicRatesStore extends PolledStore<RatesResponse> {
  constructor(
    fetchRates: () => Promise<RatesResponse> = () => getPublicRates(),
    refreshMs: number = PUBLIC_RATES_REFRESH_MS,
    initial?: RatesResponse,
  ) {
    super(fetchRates, refreshMs, initial);
  }
}

const PublicRatesContext = createContext<PublicRatesStore | null>(null);

export function PublicRatesProvider({
  children,
  store,
  initial,
}: {
  children: ReactNode;
  store?: PublicRatesStore;
  initial?: RatesResponse;
}) {
  const [own] = useState(() => store ?? new PublicRatesStore(undefined, undefined, initial));
  return <PublicRatesContext value={own}>{children}</PublicRatesContext>;
}

/** The published rates as the landing page shows them, `{ data, isPending, isError }`. */
export function usePublicRates(): PolledState<RatesResponse> {
  const store = useContext(PublicRatesContext);
  if (!store) throw new Error('usePublicRates needs a <PublicRatesProvider> above it');
  return usePolledStore(store);
}

import type { QueryClient } from '@tanstack/react-query';
import type { ConnectionState } from '../../../lib/realtime';
import { useLiveCache } from '../../../lib/use-live-cache';
import { ratesKeys } from '../api/get-rates';

const RATES_EVENTS = ['rates.updated'] as const;

/**
 * A query's `meta` when its answer is priced at the managed rates (an order preview): a rates
 * change fetches it again, wherever it lives.
 */
export const PRICED_BY_RATES = { pricedByRates: true } as const;

const applyRatesEvent = (queryClient: QueryClient) => {
  void queryClient.invalidateQueries({ queryKey: ratesKeys.all });
  void queryClient.invalidateQueries({ predicate: (query) => query.meta?.pricedByRates === true });
};

/**
 * Keeps every calculator and order preview on screen at the rates agents saved last: a
 * 'rates.updated' event (it reaches every socket) fetches the rates and the previews again.
 */
export function useLiveRates(): ConnectionState {
  return useLiveCache(RATES_EVENTS, applyRatesEvent, ratesKeys.all);
}

import type { QueryClient } from '@tanstack/react-query';
import type { LiveCapability } from '../../../lib/live-cache';
import { ratesKeys } from '../api/get-rates';

/**
 * A query's `meta` when its answer is priced at the managed rates (an order preview): a rates
 * change fetches it again, wherever it lives.
 */
export const PRICED_BY_RATES = { pricedByRates: true } as const;

function refetchPreviews(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ predicate: (query) => query.meta?.pricedByRates === true });
}

/**
 * Rates, live: a 'rates.updated' event (it reaches every socket, with no figures) fetches the
 * rates and every order preview priced at them again, so calculators and previews show the
 * rates agents saved last.
 */
export const liveRates: LiveCapability = {
  on: {
    'rates.updated': (queryClient) => {
      void queryClient.invalidateQueries({ queryKey: ratesKeys.all });
      refetchPreviews(queryClient);
    },
  },
  roots: [ratesKeys.all],
  resync: refetchPreviews,
};

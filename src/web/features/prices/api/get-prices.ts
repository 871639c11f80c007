import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Price } from '../../../../shared/api/prices';
import { apiGet } from '../../../lib/api-client';

/** The spec's market price refresh. */
export const PRICE_REFRESH_MS = 120_000;

/**
 * Prices from our own server (it fetches the price service); [] means none are known yet.
 * The contract (and zod with it) loads alongside the request, off the landing's first load.
 */
export function getPrices(signal?: AbortSignal): Promise<Price[]> {
  const schema = import('../../../../shared/api/prices').then((m) => m.pricesResponseSchema);
  return apiGet('/api/prices', schema, { signal });
}

export function pricesQueryOptions() {
  return queryOptions({
    queryKey: ['prices'],
    queryFn: ({ signal }) => getPrices(signal),
    refetchInterval: PRICE_REFRESH_MS,
  });
}

export function usePrices() {
  return useQuery(pricesQueryOptions());
}

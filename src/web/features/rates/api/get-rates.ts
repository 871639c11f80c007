import { queryOptions, useQuery } from '@tanstack/react-query';
import { ratesResponseSchema, type RatesResponse } from '../../../../shared/api/rates';
import { apiGet } from '../../../lib/api-client';

export const ratesKeys = {
  all: ['rates'] as const,
  current: ['rates', 'current'] as const,
  managed: ['rates', 'managed'] as const,
  history: ['rates', 'history'] as const,
};

/**
 * GET /api/exchange-rates (public): the USD-to-Naira rate and each currency's rate per coin,
 * with figures only where the server publishes them (managed, within the market guard). The
 * landing page reads them without zod (shared/api/public-market-check.ts).
 */
export function getRates(signal?: AbortSignal): Promise<RatesResponse> {
  return apiGet('/api/exchange-rates', ratesResponseSchema, { signal });
}

export const ratesQuery = queryOptions({
  queryKey: ratesKeys.current,
  queryFn: ({ signal }) => getRates(signal),
});

export function useRates() {
  return useQuery(ratesQuery);
}

/** GET /api/exchange-rates/manage (agents): every managed rate, published or not. */
export function getManagedRates(signal?: AbortSignal): Promise<RatesResponse> {
  return apiGet('/api/exchange-rates/manage', ratesResponseSchema, { signal });
}

export const managedRatesQuery = queryOptions({
  queryKey: ratesKeys.managed,
  queryFn: ({ signal }) => getManagedRates(signal),
});

export function useManagedRates() {
  return useQuery(managedRatesQuery);
}

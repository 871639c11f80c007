import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RatesResponse } from '../../../../shared/api/rates';
import { apiGet } from '../../../lib/api-client';

export const ratesKeys = {
  all: ['rates'] as const,
  current: ['rates', 'current'] as const,
  managed: ['rates', 'managed'] as const,
  history: ['rates', 'history'] as const,
};

const ratesSchema = () => import('../../../../shared/api/rates').then((m) => m.ratesResponseSchema);

/**
 * GET /api/exchange-rates (public): the USD-to-Naira rate and each currency's rate per coin,
 * with figures only where the server publishes them (managed, within the market guard). The
 * contract loads with the request, so a screen that only shows a calculator keeps zod off its
 * first load.
 */
export function getRates(signal?: AbortSignal): Promise<RatesResponse> {
  return apiGet('/api/exchange-rates', ratesSchema(), { signal });
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
  return apiGet('/api/exchange-rates/manage', ratesSchema(), { signal });
}

export const managedRatesQuery = queryOptions({
  queryKey: ratesKeys.managed,
  queryFn: ({ signal }) => getManagedRates(signal),
});

export function useManagedRates() {
  return useQuery(managedRatesQuery);
}

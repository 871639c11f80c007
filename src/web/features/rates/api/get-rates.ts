import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RatesResponse } from '../../../../shared/api/rates';
import { apiGet } from '../../../lib/api-client';

export const ratesKeys = {
  all: ['rates'] as const,
  current: ['rates', 'current'] as const,
  history: ['rates', 'history'] as const,
};

/**
 * GET /api/exchange-rates (public): the USD-to-Naira rate and each currency's rates, the
 * defaults (managed: false) until an agent saves some. The contract loads with the request,
 * so a screen that only shows a calculator keeps zod off its first load.
 */
export function getRates(signal?: AbortSignal): Promise<RatesResponse> {
  const schema = import('../../../../shared/api/rates').then((m) => m.ratesResponseSchema);
  return apiGet('/api/exchange-rates', schema, { signal });
}

export const ratesQuery = queryOptions({
  queryKey: ratesKeys.current,
  queryFn: ({ signal }) => getRates(signal),
});

export function useRates() {
  return useQuery(ratesQuery);
}

import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { rateHistoryResponseSchema } from '../../../../shared/api/rates';
import { apiGet } from '../../../lib/api-client';
import { ratesKeys } from './get-rates';

const PAGE_SIZE = 20;

/** GET /api/exchange-rates/history (agents): one row per currency per save, newest first. */
export function getRateHistory(cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return apiGet(`/api/exchange-rates/history?${params}`, rateHistoryResponseSchema, { signal });
}

export const rateHistoryQuery = infiniteQueryOptions({
  queryKey: ratesKeys.history,
  queryFn: ({ pageParam, signal }) => getRateHistory(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
});

export function useRateHistory() {
  return useInfiniteQuery(rateHistoryQuery);
}

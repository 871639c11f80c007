import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { analyticsSchema, type Analytics } from '../../../../shared/api/reports';
import { apiGet } from '../../../lib/api-client';
import type { DateRange } from '../lib/date-range';
import { ADMIN_DASHBOARD_KEY } from './keys';

/** GET /api/admin/analytics for a range of Lagos days (inclusive). */
export function getAnalytics(range: DateRange, signal?: AbortSignal): Promise<Analytics> {
  const params = new URLSearchParams({ from: range.from, to: range.to });
  return apiGet(`/api/admin/analytics?${params}`, analyticsSchema, { signal });
}

export function analyticsQuery(range: DateRange) {
  return queryOptions({
    queryKey: [ADMIN_DASHBOARD_KEY, 'analytics', range.from, range.to] as const,
    queryFn: ({ signal }) => getAnalytics(range, signal),
    // A new range keeps the old figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useAnalytics(range: DateRange) {
  return useQuery(analyticsQuery(range));
}

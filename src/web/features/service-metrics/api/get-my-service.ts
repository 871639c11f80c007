import { queryOptions, useQuery } from '@tanstack/react-query';
import { myServiceTodaySchema, type MyServiceToday } from '../../../../shared/api/service-metrics';
import { apiGet } from '../../../lib/api-client';
import { SERVICE_METRICS_KEY } from './keys';

/** GET /api/service-metrics/me: the signed-in agent's resolved chats and first responses today. */
export function getMyService(signal?: AbortSignal): Promise<MyServiceToday> {
  return apiGet('/api/service-metrics/me', myServiceTodaySchema, { signal });
}

export const myServiceQuery = queryOptions({
  queryKey: [SERVICE_METRICS_KEY, 'me'] as const,
  queryFn: ({ signal }) => getMyService(signal),
  // The day turns at Lagos midnight: a dashboard left open asks again now and then.
  refetchInterval: 60_000,
});

export function useMyService() {
  return useQuery(myServiceQuery);
}

import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import {
  agentServicePageSchema,
  type AgentServicePage,
  type ServicePeriod,
} from '../../../../shared/api/service-metrics';
import { apiGet } from '../../../lib/api-client';
import { SERVICE_METRICS_KEY } from './keys';

function params(period: ServicePeriod, q: string): URLSearchParams {
  const search = new URLSearchParams({ period });
  if (q) search.set('q', q);
  return search;
}

/** GET /api/service-metrics/agents: every agent's figures for the period (one page). */
export function listAgentService(options: {
  period: ServicePeriod;
  q: string;
  signal?: AbortSignal;
}): Promise<AgentServicePage> {
  return apiGet(
    `/api/service-metrics/agents?${params(options.period, options.q)}`,
    agentServicePageSchema,
    { signal: options.signal },
  );
}

/** The CSV of the same figures: a cookie-authenticated GET, so a plain link downloads it. */
export function agentServiceCsvUrl(period: ServicePeriod, q: string): string {
  return `/api/service-metrics/agents.csv?${params(period, q)}`;
}

export function agentServiceQuery(period: ServicePeriod, q: string) {
  return infiniteQueryOptions({
    queryKey: [SERVICE_METRICS_KEY, 'agents', period, q] as const,
    queryFn: ({ signal }) => listAgentService({ period, q, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useAgentService(period: ServicePeriod, q: string) {
  return useInfiniteQuery(agentServiceQuery(period, q));
}

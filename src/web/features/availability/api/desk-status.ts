import { useQuery } from '@tanstack/react-query';
import { deskStatusSchema, type DeskStatus } from '../../../../shared/api/availability';
import type { RateCurrency } from '../../../../shared/domain';
import { apiGet } from '../../../lib/api-client';
import { availabilityKeys } from './keys';

/** How often a customer's screen asks again whether the desk is online. */
export const DESK_STATUS_REFRESH_MS = 60_000;

/** GET /api/availability/desks/:desk (anyone). */
export function getDeskStatus(desk: RateCurrency, signal?: AbortSignal): Promise<DeskStatus> {
  return apiGet(`/api/availability/desks/${desk}`, deskStatusSchema, { signal });
}

/** The desk's status, kept fresh every minute; none asked for a chat of no coin desk. */
export function useDeskStatus(desk: RateCurrency | null) {
  return useQuery({
    queryKey: availabilityKeys.desk(desk ?? 'none'),
    queryFn: ({ signal }) => getDeskStatus(desk!, signal),
    enabled: desk !== null,
    refetchInterval: DESK_STATUS_REFRESH_MS,
  });
}

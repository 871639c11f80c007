import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useRealtime, type ConnectionState } from '../../../lib/realtime';
import { ADMIN_DASHBOARD_KEY } from '../../../features/reports';
import { SERVICE_METRICS_KEY } from '../../../features/service-metrics';

/** Events come in bursts (a message, then its session's update): one refresh per second at most. */
export const LIVE_REFRESH_DELAY_MS = 1_000;

/**
 * Keeps the dashboard live: admins receive every realtime event (sessions, messages,
 * customers, transactions). Any of them marks the dashboard's queries stale; the figures and
 * the list on screen load again once the burst has passed (at most ~1 s after the first
 * event), lists on hidden tabs when they are shown again.
 */
export function useLiveDashboard(): ConnectionState {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const refresh = useCallback(() => {
    if (timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      void queryClient.invalidateQueries({ queryKey: [ADMIN_DASHBOARD_KEY] });
      void queryClient.invalidateQueries({ queryKey: [SERVICE_METRICS_KEY] });
    }, LIVE_REFRESH_DELAY_MS);
  }, [queryClient]);

  useEffect(() => () => clearTimeout(timer.current), []);

  return useRealtime(refresh, refresh);
}

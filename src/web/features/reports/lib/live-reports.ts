import { throttledPerClient, type LiveCapability } from '../../../lib/live-cache';
import { ADMIN_DASHBOARD_KEY } from '../api/keys';

/** Events come in bursts (a message, then its session's update): one refresh per second at most. */
export const LIVE_REFRESH_DELAY_MS = 1_000;

const refreshDashboard = throttledPerClient(LIVE_REFRESH_DELAY_MS, (queryClient) => {
  void queryClient.invalidateQueries({ queryKey: [ADMIN_DASHBOARD_KEY] });
});

/**
 * The admin dashboard, live: admins receive every realtime event (sessions, messages,
 * customers, transactions), and any of them changes its figures. The queries go stale once the
 * burst has passed (at most ~1 s after the first event): the figures and the list on screen
 * load again, lists on hidden tabs when they are shown again.
 */
export const liveReports: LiveCapability = {
  on: {},
  onAny: (queryClient) => {
    if (queryClient.getQueryCache().find({ queryKey: [ADMIN_DASHBOARD_KEY], exact: false })) {
      refreshDashboard(queryClient);
    }
  },
  roots: [[ADMIN_DASHBOARD_KEY]],
};

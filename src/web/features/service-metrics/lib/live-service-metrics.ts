import { throttledPerClient, type LiveCapability } from '../../../lib/live-cache';
import { SERVICE_METRICS_KEY } from '../api/keys';

/** Events come in bursts: one refresh per second at most. */
const REFRESH_DELAY_MS = 1_000;

const refreshMetrics = throttledPerClient(REFRESH_DELAY_MS, (queryClient) => {
  void queryClient.invalidateQueries({ queryKey: [SERVICE_METRICS_KEY] });
});

/**
 * Measured service (first responses, resolutions), live: chats and messages move the figures,
 * so any event refreshes them once the burst has passed.
 */
export const liveServiceMetrics: LiveCapability = {
  on: {},
  onAny: (queryClient) => {
    if (queryClient.getQueryCache().find({ queryKey: [SERVICE_METRICS_KEY], exact: false })) {
      refreshMetrics(queryClient);
    }
  },
  roots: [[SERVICE_METRICS_KEY]],
};

/** Every measured-service query lives under this key: one invalidation refreshes them all. */
export const SERVICE_METRICS_KEY = 'service-metrics';

export { SERVICE_METRICS_KEY } from './api/keys';
export { liveServiceMetrics } from './lib/live-service-metrics';
export { myServiceQuery, useMyService } from './api/get-my-service';
export { agentServiceCsvUrl, useAgentService } from './api/list-agent-service';
export { formatSeconds } from './lib/format-seconds';

export { SERVICE_METRICS_KEY } from './api/keys';
export { myServiceQuery, useMyService } from './api/get-my-service';
export { agentServiceCsvUrl, useAgentService } from './api/list-agent-service';
export { formatSeconds } from './lib/format-seconds';

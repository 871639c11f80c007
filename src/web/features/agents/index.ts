export { useSetAgentStatus } from './api/set-agent-status';

export { agentsRoutes } from './routes';
export { createAgent, parseAgentInput } from './create-agent';

export { agentsRoutes } from './routes';
export { createAgent } from './create-agent';

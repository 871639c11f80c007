export { availabilityRoutes } from './routes';
export { AgentPresence, sweepPresence } from './presence';
export { setAvailability } from './set-availability';

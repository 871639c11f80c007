export { availabilityRoutes } from './routes';
export { AvailabilityFromPresence, sweepPresence } from './presence';
export { setAvailability } from './set-availability';

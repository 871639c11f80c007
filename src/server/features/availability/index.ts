export { availabilityRoutes } from './routes';
export { AvailabilityFromPresence, sweepPresence } from './presence';
export { setAvailability, setAvailabilityIn } from './set-availability';

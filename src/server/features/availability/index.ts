export { availabilityPlugin } from './plugin';
export { sweepPresence } from './presence';
export { setAvailability, setAvailabilityIn } from './set-availability';

export { serviceMetricsRoutes } from './routes';
export { responseClockSet } from './response-clock';

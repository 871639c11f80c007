export { serviceMetricsRoutes } from './routes';
export { responseClockSet } from './response-clock';
export { countsAsReplySql } from './response-pairs';

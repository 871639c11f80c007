export { serviceMetricsPlugin } from './plugin';
export { responseClockSet } from './response-clock';
export { countsAsReplySql } from './response-pairs';

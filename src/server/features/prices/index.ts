export { pricesPlugin } from './plugin';

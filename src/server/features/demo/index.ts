export { demoPlugin } from './plugin';

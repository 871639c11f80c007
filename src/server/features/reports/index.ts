export { reportsPlugin } from './plugin';

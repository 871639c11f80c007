export { pushPlugin } from './plugin';

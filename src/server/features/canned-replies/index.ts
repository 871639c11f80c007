export { cannedRepliesPlugin } from './plugin';

export { cannedRepliesRoutes } from './routes';

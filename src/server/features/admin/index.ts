export { adminRoutes } from './routes';
export { listUsers } from './lists';

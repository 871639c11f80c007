export { reportsRoutes } from './routes';
export { listUsers } from './lists';

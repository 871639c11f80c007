export { reportsRoutes } from './routes';
export { listUsers } from './list-users';

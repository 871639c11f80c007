export { transactionsRoutes } from './routes';

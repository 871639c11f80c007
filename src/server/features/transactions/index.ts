export { transactionsRoutes } from './routes';
export { toTransaction } from './manage-transactions';

export { transactionsRoutes } from './routes';
export { toTransaction } from './to-transaction';

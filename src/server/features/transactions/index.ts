export { transactionsRoutes } from './routes';
export { toTransaction } from './to-transaction';
export { recordOrderTrade } from './record-order-trade';

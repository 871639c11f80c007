export { transactionsPlugin } from './plugin';
export { toTransaction } from './to-transaction';
export { recordOrderTrade } from './record-order-trade';

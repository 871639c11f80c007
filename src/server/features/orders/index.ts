export { ordersPlugin } from './plugin';
export { expireOrders } from './expire-orders';
export { completePaidOrders } from './complete-paid-orders';
export { DepositWatcher } from './deposit-watcher';
export { acceptOrder } from './accept-order';
export { cancelOrder } from './cancel-order';
export { confirmReceived } from './confirm-received';
export { disputeOrder } from './dispute-order';
export { acceptRequote, declineRequote } from './requote-deposit';

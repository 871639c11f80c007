export { ordersPlugin } from './plugin';
export { expireOrders } from './expire-orders';
export { completePaidOrders } from './complete-paid-orders';
export { DepositWatcher } from './deposit-watcher';

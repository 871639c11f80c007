export { ordersRoutes } from './routes';
export { expireOrders } from './expire-orders';
export { completePaidOrders } from './complete-paid-orders';
export { DepositWatcher } from './deposit-watcher';

export { ordersRoutes } from './routes';
export { expireOrders } from './expire-orders';

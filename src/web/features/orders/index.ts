export { ChatOrderBadge } from './components/chat-order-badge';
export { DisputedOrders } from './components/disputed-orders';
export { OrderPanel } from './components/order-panel';

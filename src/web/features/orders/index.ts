export { ChatOrderBadge } from './components/chat-order-badge';
export { OrderPanel } from './components/order-panel';

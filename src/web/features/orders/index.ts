export { DisputedOrders } from './components/disputed-orders';
export { PayoutApprovals, usePayoutApprovalCount } from './components/payout-approvals';
export { OrderPanel } from './components/order-panel';
export type { SendOrderImage } from './lib/order-image';
export { OrderWaitingBadge } from './components/order-waiting-badge';
export { ORDER_STATE_DISPLAY } from './lib/states';
export { chatOrdersQuery, useChatOrders } from './api/list-chat-orders';
export { isOpenOrder } from './lib/states';
export { CustomerOrders } from './components/customer-orders';

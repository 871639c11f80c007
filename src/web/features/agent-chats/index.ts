export { CustomerStatusBadge, CUSTOMER_STATUS_STYLE } from './components/customer-status-badge';
export { Badge, type BadgeTone } from './components/badge';
export { CategoryBadge, PriorityBadge } from './components/session-badges';
export { ConnectionIndicator } from './components/connection-indicator';

export { CategoryBadge, PriorityBadge } from './components/session-badges';
export { ConnectionIndicator } from './components/connection-indicator';

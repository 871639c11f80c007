export { CustomerStatusBadge } from './components/customer-status-badge';

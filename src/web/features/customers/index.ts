export { CUSTOMER_STATUS_STYLE, CustomerStatusBadge } from './components/customer-status-badge';

export { CustomerStatusBadge } from './components/customer-status-badge';
export { useUpdateCustomerStatus } from './api/update-customer-status';

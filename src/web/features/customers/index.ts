export { useUpdateCustomerStatus } from './api/update-customer-status';
export { StatusMenu } from './components/lazy-status-menu';
export { customerLabel, customerNumber } from './lib/customer-label';
export { USERS_KEY, type AdminUserPage, type UserRoleFilter, useUsers } from './api/list-users';
export { EraseCustomerButton } from './components/erase-customer-button';

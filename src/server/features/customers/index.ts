export { customersRoutes } from './routes';
export { setCustomerStatus } from './manage-customers';

export { customersRoutes, customerStatusRoute } from './routes';

export { customersPlugin } from './plugin';
export { customerStatusRoute } from './routes';

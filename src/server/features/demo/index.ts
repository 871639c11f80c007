export { demoRoutes } from './routes';

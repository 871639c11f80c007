export { pricesRoutes } from './routes';
export { PriceFeed } from './price-feed';

export { ratesRoutes } from './routes';
export { getRates, getUsdToNaira } from './manage-rates';

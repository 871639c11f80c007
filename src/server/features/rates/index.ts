export { ratesRoutes } from './routes';
export { getManagedRate } from './get-rates';
export { getUsdToNaira } from './get-usd-to-naira';

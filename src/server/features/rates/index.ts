export { ratesRoutes } from './routes';
export {
  getManagedRate,
  getRates,
  getUsdToNaira,
  type ManagedRate,
  type ManagedRates,
} from './manage-rates';

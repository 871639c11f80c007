export {
  getPrices,
  usePrices,
  PricesProvider,
  PricesStore,
  PRICE_REFRESH_MS,
  type PricesState,
} from './api/get-prices';
export type { Price } from '../../../shared/api/prices';

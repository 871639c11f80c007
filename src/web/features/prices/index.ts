export { getPrices, pricesQueryOptions, usePrices, PRICE_REFRESH_MS } from './api/get-prices';
export type { Price } from '../../../shared/api/prices';

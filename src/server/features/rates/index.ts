export { ratesPlugin } from './plugin';
export { publishedRates } from './published-rates';
export { getManagedRate } from './get-rates';
export { getSellRate, type SellRate } from './get-sell-rate';
export { getUsdToNaira } from './get-usd-to-naira';
export type { MarketUsd } from './market-guard';

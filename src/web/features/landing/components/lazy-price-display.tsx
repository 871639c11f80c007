import { lazy } from 'react';
import { lazyWithData } from '../../../lib/lazy-with-data';

/** Starts loading the price formatting chunk; the landing page calls it on mount. */
export const loadPriceDisplay = () => import('./price-display');

/** Shows the agents' managed rate: it reads the rates query, so it renders in the data layer. */
export const PriceFigures = lazyWithData(async () => {
  const { PriceFigures: Figures } = await loadPriceDisplay();
  return { default: Figures };
});
export const TickerItem = lazy(() => loadPriceDisplay().then((m) => ({ default: m.TickerItem })));
export const StaleNote = lazy(() => loadPriceDisplay().then((m) => ({ default: m.StaleNote })));
export const ChangeBadge = lazy(() => loadPriceDisplay().then((m) => ({ default: m.ChangeBadge })));

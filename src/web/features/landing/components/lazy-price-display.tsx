import { lazy } from 'react';

/** Starts loading the price formatting chunk; the landing page calls it on mount. */
export const loadPriceDisplay = () => import('./price-display');

export const PriceFigures = lazy(() =>
  loadPriceDisplay().then((m) => ({ default: m.PriceFigures })),
);
export const TickerItem = lazy(() => loadPriceDisplay().then((m) => ({ default: m.TickerItem })));
export const StaleNote = lazy(() => loadPriceDisplay().then((m) => ({ default: m.StaleNote })));
export const ChangeBadge = lazy(() => loadPriceDisplay().then((m) => ({ default: m.ChangeBadge })));

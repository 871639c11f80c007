import { usePublicRates } from '../api/get-public-rates';
import { RateCalculator } from './rate-calculator';

/** The landing page's calculator: the published rates from the page's own store, no query library. */
export function PublicRateCalculator() {
  return <RateCalculator rates={usePublicRates()} />;
}

import { checkPrices, checkRates } from '../../shared/api/public-market-check';
import type { MarketSnapshot } from '../../shared/web-render';

/**
 * The market figures the server rendered the landing page with (`<meta name="market">`, written
 * by src/server/platform/web.ts), checked like the API's answers; undefined on every other page
 * or when the page holds none in the contract's shape (the stores then fetch as usual).
 */
export function readMarketSnapshot(doc: Document = document): MarketSnapshot | undefined {
  const content = doc.querySelector('meta[name="market"]')?.getAttribute('content');
  if (!content) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null) return undefined;
  const { prices, rates } = json as Record<string, unknown>;
  const checkedPrices = checkPrices(prices);
  const checkedRates = rates === null ? null : checkRates(rates);
  if (!checkedPrices || checkedRates === undefined) return undefined;
  return { prices: checkedPrices, rates: checkedRates };
}

import type { PublicConfig } from './api/config';
import type { Price } from './api/prices';
import type { RatesResponse } from './api/rates';

/**
 * What the landing page shows of the market, as the public API answers it: GET /api/prices and
 * GET /api/exchange-rates (null when the rates could not be read). The server renders the page
 * with it and puts it in the page (`<meta name="market">`), so the browser takes the page over
 * with the very figures the markup shows, without asking again.
 */
export interface MarketSnapshot {
  prices: Price[];
  rates: RatesResponse | null;
}

/**
 * What the web app's server entry (`src/web/entry-server.tsx`, built into `dist/ssr`) offers
 * the server, which loads it as a built file (it never imports web code): the landing page's
 * markup for index.html's `#root`, which the browser then hydrates (decision 005).
 */
export interface WebRenderer {
  /** Whether the page at `url` (path and query, as requested) is the server-rendered one. */
  isServerRendered(url: string): boolean;
  /**
   * The landing page's markup with this configuration and, when there is one, this market
   * snapshot (its prices and rates in the rows and the ticker); without one, their placeholders.
   */
  renderLanding(config: PublicConfig, market?: MarketSnapshot): string;
}

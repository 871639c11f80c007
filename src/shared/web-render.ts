import type { PublicConfig } from './api/config';

/**
 * What the web app's server entry (`src/web/entry-server.tsx`, built into `dist/ssr`) offers
 * the server, which loads it as a built file (it never imports web code): the landing page's
 * markup for index.html's `#root`, which the browser then hydrates (decision 005).
 */
export interface WebRenderer {
  /** Whether the page at `url` (path and query, as requested) is the server-rendered one. */
  isServerRendered(url: string): boolean;
  /** The landing page's markup with this configuration: the same on every request. */
  renderLanding(config: PublicConfig): string;
}

import { pricesResponseSchema } from '../../src/shared/api/prices';
import { startBenchApp } from '../lib/bench-app';
import { measureHttp } from '../lib/http-load';
import type { BenchRow, BenchSuite } from '../lib/types';

/** Public JSON endpoints on one instance. Budget from ARCHITECTURE.md: /api/prices >= 5,000 req/s. */
export const suite: BenchSuite = {
  name: 'api',
  description: 'GET /api/prices and GET /api/health on one instance (embedded PostgreSQL)',
  async run(options) {
    const bench = await startBenchApp();
    try {
      // Measure the real answer, not an empty list: the price feed must have its prices.
      const prices = pricesResponseSchema.parse(
        await (await fetch(`${bench.baseUrl}/api/prices`)).json(),
      );
      if (prices.length !== 2) throw new Error(`expected 2 prices, got ${prices.length}`);
      const health = await fetch(`${bench.baseUrl}/api/health`);
      if (health.status !== 200) throw new Error(`/api/health answered ${health.status}`);

      const rows: BenchRow[] = [];
      rows.push(
        await measureHttp(
          {
            suite: 'api',
            name: 'GET /api/prices',
            url: `${bench.baseUrl}/api/prices`,
            budget: { metric: 'requestsPerSecond', atLeast: 5_000 },
          },
          options,
        ),
      );
      // Every call pings the database: the cost of one trivial query per request.
      rows.push(
        await measureHttp(
          { suite: 'api', name: 'GET /api/health', url: `${bench.baseUrl}/api/health` },
          options,
        ),
      );
      return rows;
    } finally {
      await bench.close();
    }
  },
};

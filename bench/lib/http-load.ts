import autocannon from 'autocannon';
import type { BenchOptions, BenchRow, Budget } from './types';

export interface HttpLoadCase {
  suite: string;
  /** How the row is named, e.g. "GET /api/prices". */
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  budget?: Budget;
  /** Seconds of load before measuring, so the JIT and caches settle. */
  warmupSeconds?: number;
}

function fire(
  target: HttpLoadCase,
  connections: number,
  durationSeconds: number,
): Promise<autocannon.Result> {
  return autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    connections,
    duration: durationSeconds,
    // The load runs on a worker thread, so it does not share the server's event loop.
    workers: 1,
  });
}

/** Drives one endpoint with autocannon and reports throughput, latency and failures. */
export async function measureHttp(target: HttpLoadCase, options: BenchOptions): Promise<BenchRow> {
  const warmup = target.warmupSeconds ?? 2;
  if (warmup > 0) {
    options.log(`  ${target.name}: warming up for ${warmup} s`);
    await fire(target, options.connections, warmup);
  }
  options.log(
    `  ${target.name}: ${options.connections} connections for ${options.durationSeconds} s`,
  );
  const result = await fire(target, options.connections, options.durationSeconds);
  return {
    suite: target.suite,
    name: target.name,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
    total: result.requests.total,
    budget: target.budget,
    details: {
      connections: options.connections,
      durationSeconds: result.duration,
      latencyAverageMs: result.latency.average,
      latencyMaxMs: result.latency.max,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      throughputBytesPerSecond: result.throughput.average,
    },
  };
}

/**
 * The soak (issue 8): 50 agents and 1,000 customers in 1,000 chats over real WebSockets, each
 * side of each chat sending every 10 s (200 messages/s), for 60 s, or 5 minutes with --soak.
 * Zero errors (failed sends and messages not delivered) and flat server memory: the least
 * resident size in the run's last third against the least in its middle third. On PGlite,
 * and on PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server.
 *
 *   npm run bench -- --only soak            # 60 s
 *   npm run bench -- --only soak --soak     # 5 minutes
 */
import type { ServerProcess } from '../../tests/support/server-process';
import type { BenchOptions, BenchRow, BenchSuite } from '../lib/types';
import { scrapeGauges } from '../lib/prom-histogram';
import { realtimeRun, rssKiB, withPglite, withPostgres, type Seeded } from './chat';

const CUSTOMERS = 1000;
const INTERVAL_MS = 10_000;
const SAMPLE_MS = 5_000;
/** "Flat": what the server may still grow by after the run has settled. */
const GROWTH_BUDGET_MIB = 16;
/** prom-client's default metrics the app serves (platform/metrics/app-metrics.ts). */
const HEAP_USED = 'nodejs_heap_size_used_bytes';
const EXTERNAL = 'nodejs_external_memory_bytes';
const toMiB = (bytes: number) => bytes / 1024 / 1024;

type Run = (
  url: string,
  seeded: Seeded,
  app: ServerProcess,
  databaseUrl?: string,
) => Promise<BenchRow[]>;

/** The soak against one app process: delivery, errors and the server's memory over the run. */
function soak(database: string, options: BenchOptions): Run {
  const seconds = options.soakSeconds;
  return async (url, seeded, app, databaseUrl) => {
    const pid = app.pids.at(-1)!;
    const samples: { at: number; kib: number; heapMiB: number; externalMiB: number }[] = [];
    const started = performance.now();
    // Beside the resident size, where it is: V8's heap (JavaScript objects) and memory outside
    // it (buffers, and on PGlite its WebAssembly memory), from the app's own /metrics.
    const sampler = setInterval(() => {
      const at = performance.now() - started;
      const kib = rssKiB(pid);
      void scrapeGauges(app.url, [HEAP_USED, EXTERNAL]).then(
        ([heap, external]) =>
          samples.push({ at, kib, heapMiB: toMiB(heap!), externalMiB: toMiB(external!) }),
        () => samples.push({ at, kib, heapMiB: Number.NaN, externalMiB: Number.NaN }),
      );
    }, SAMPLE_MS);
    const delivery = await realtimeRun(
      `soak ${seconds} s, ${database}`,
      url,
      url,
      seeded,
      options,
      { apps: [app], databaseUrl },
      { seconds, intervalMs: INTERVAL_MS },
    );
    clearInterval(sampler);
    samples.sort((a, b) => a.at - b.at);
    const settled = samples.find((s) => s.at >= (seconds * 1000) / 3) ?? samples[0]!;
    const last = samples.at(-1)!;
    const peak = Math.max(...samples.map((s) => s.kib));
    // Growth is the floor's: the least resident size in the run's last third against the least
    // in its middle third. A size read at one instant moves by tens of MiB with where V8's
    // collector is (a quiet run: the heap between 79 and 146 MiB, the floor flat); what a leak
    // adds raises the floor.
    const floor = (from: number, to: number) =>
      Math.min(
        ...samples
          .filter((s) => s.at >= (seconds * 1000 * from) / 3 && s.at < (seconds * 1000 * to) / 3)
          .map((s) => s.kib),
      );
    const growthMiB = Math.round(((floor(2, 4) - floor(1, 2)) / 1024) * 10) / 10;
    return [
      { ...delivery, suite: 'soak', budget: undefined },
      {
        suite: 'soak',
        name: `soak, ${database}: errors (failed sends and undelivered)`,
        value: delivery.errors,
        unit: '',
        errors: delivery.errors,
        total: delivery.total ?? 0,
        budget: { metric: 'value', atMost: 0 },
      },
      {
        suite: 'soak',
        name: `soak, ${database}: server memory growth after settling`,
        value: growthMiB,
        unit: 'MiB',
        errors: 0,
        total: samples.length,
        budget: { metric: 'value', atMost: GROWTH_BUDGET_MIB },
        details: {
          settledMiB: Math.round(settled.kib / 1024),
          endMiB: Math.round(last.kib / 1024),
          instantGrowthMiB: Math.round(((last.kib - settled.kib) / 1024) * 10) / 10,
          peakMiB: Math.round(peak / 1024),
          samplesMiB: samples.map((s) => Math.round(s.kib / 1024)).join(' '),
          heapGrowthMiB: Math.round((last.heapMiB - settled.heapMiB) * 10) / 10,
          externalGrowthMiB: Math.round((last.externalMiB - settled.externalMiB) * 10) / 10,
          heapSamplesMiB: samples.map((s) => Math.round(s.heapMiB)).join(' '),
          externalSamplesMiB: samples.map((s) => Math.round(s.externalMiB)).join(' '),
        },
      },
    ];
  };
}

export const suite: BenchSuite = {
  name: 'soak',
  description: `soak: 50 agents, ${CUSTOMERS.toLocaleString('en')} customers, each side every 10 s (60 s; 5 min with --soak), on PGlite and PostgreSQL: errors, memory`,
  async run(options) {
    const rows = await withPglite(CUSTOMERS, 0, soak('PGlite', options));
    const onPostgres = await withPostgres(CUSTOMERS, 1, ([app], seeded, databaseUrl) =>
      soak('PostgreSQL', options)(app!.url, seeded, app!, databaseUrl),
    );
    if (onPostgres) rows.push(...onPostgres);
    else options.log('  PostgreSQL soak skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL)');
    return rows;
  },
};

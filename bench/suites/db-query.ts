/**
 * What timing every database query costs (db/query-timing.ts, shown on /metrics as
 * agentchat_db_query_duration_seconds): the wrapper with its histogram against the bare call,
 * on a query that answers at once (the cost alone), then beside real queries' own time through
 * drizzle on PGlite (and PostgreSQL with BENCH_DATABASE_URL or TEST_DATABASE_URL), timed the
 * app's way. The overhead is reported per query and as a share of a trivial query's median time
 * (an upper bound: the app's own queries take longer). No budget: a figure to watch.
 *
 *   npm run bench -- --only db-query
 */
import { sql } from 'drizzle-orm';
import { Histogram, Registry } from 'prom-client';
import { openDatabase, type Database } from '../../src/server/db/client';
import { QueryTiming } from '../../src/server/db/query-timing';
import type { BenchRow, BenchSuite } from '../lib/types';
import { percentile } from './chat';

const CALLS = 200_000;
const ROUNDS = 5;
const QUERIES = 5_000;

/** ns per call of `call`, the best of ROUNDS (the least disturbed by the machine's other work). */
async function nsPerCall(call: () => Promise<unknown>): Promise<number> {
  let best = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < CALLS; i++) await call();
    best = Math.min(best, Number(process.hrtime.bigint() - started) / CALLS);
  }
  return best;
}

/** The app's histogram, as platform/metrics makes it. */
function histogram(): Histogram {
  return new Histogram({
    name: 'bench_db_query_duration_seconds',
    help: 'bench',
    labelNames: ['result'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15],
    registers: [new Registry()],
  });
}

/** `select 1` and a one-row read through drizzle, timed by the app's own wrapper. */
async function queryTimes(database: Database): Promise<number[]> {
  const times: number[] = [];
  database.observeQueries((seconds) => times.push(seconds * 1000));
  for (let i = 0; i < QUERIES; i++) {
    await database.db.execute(sql`select ${i}::int as n`);
  }
  return times.sort((a, b) => a - b);
}

export const suite: BenchSuite = {
  name: 'db-query',
  description: 'the cost of timing every database query for /metrics, beside the queries’ own time',
  async run(options) {
    const answered = () => Promise.resolve(1);
    const bare = await nsPerCall(answered);
    const timing = new QueryTiming();
    const unobserved = timing.wrap(answered);
    const idle = await nsPerCall(unobserved);
    const ok = histogram().labels({ result: 'ok' });
    timing.observe((seconds) => ok.observe(seconds));
    const observed = await nsPerCall(unobserved);
    const overheadNs = observed - bare;
    options.log(
      `  db-query: bare ${bare.toFixed(0)} ns, wrapped ${idle.toFixed(0)} ns, observed ${observed.toFixed(0)} ns per call`,
    );
    const rows: BenchRow[] = [
      {
        suite: 'db-query',
        name: 'timing one query (wrapper + histogram), per query',
        value: Math.round(overheadNs) / 1000,
        unit: 'µs',
        errors: 0,
        total: CALLS * ROUNDS,
        details: { bareNs: bare, wrappedUnobservedNs: idle, wrappedObservedNs: observed },
      },
    ];
    const targets: [string, () => Promise<Database>][] = [
      ['PGlite', () => openDatabase({ kind: 'pglite', dataDir: undefined })],
    ];
    const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (serverUrl)
      targets.push(['PostgreSQL', () => openDatabase({ kind: 'postgres', url: serverUrl })]);
    for (const [label, open] of targets) {
      const database = await open();
      try {
        const times = await queryTimes(database);
        const p50 = percentile(times, 50);
        rows.push({
          suite: 'db-query',
          name: `select through drizzle, ${label}`,
          p50Ms: p50,
          p99Ms: percentile(times, 99),
          errors: 0,
          total: times.length,
        });
        rows.push({
          suite: 'db-query',
          name: `timing's share of a median query, ${label}`,
          value: Math.round((overheadNs / 1e6 / p50) * 100 * 1000) / 1000,
          unit: '%',
          errors: 0,
          total: times.length,
        });
      } finally {
        await database.close();
      }
    }
    return rows;
  },
};

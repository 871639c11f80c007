import type { CpuPerOperation } from './cpu';

/** Options every suite gets from the command line. */
export interface BenchOptions {
  /** How long each measured case runs, in seconds. */
  durationSeconds: number;
  /** Concurrent connections for HTTP load. */
  connections: number;
  /** How long the soak runs: 60 s, or 5 minutes with --soak. */
  soakSeconds: number;
  /** Progress lines for the operator (stderr), never part of the results. */
  log: (line: string) => void;
}

/** A target from ARCHITECTURE.md's budgets, checked against one measured figure. */
export interface Budget {
  /** 'value': the row's `value`, a figure in its own `unit` (a score, a size). */
  metric: 'requestsPerSecond' | 'p50Ms' | 'p99Ms' | 'value';
  /** The figure must be at least this (throughput)... */
  atLeast?: number;
  /** ...or below this (latency)... */
  below?: number;
  /** ...or at most this (a size). */
  atMost?: number;
}

/** One measured case: a line of the table and an entry of results/latest.json. */
export interface BenchRow {
  suite: string;
  name: string;
  /** Mean requests (or events) per second over the run. */
  requestsPerSecond?: number;
  p50Ms?: number;
  p99Ms?: number;
  /**
   * A figure that is neither a rate nor a latency (a Lighthouse score, a bundle size), in
   * `unit`. Such rows print in a table of their own.
   */
  value?: number;
  unit?: string;
  /** Everything that did not succeed: connection errors, timeouts and non-2xx answers. */
  errors: number;
  /** How many requests (or events) were measured in all. */
  total: number;
  budget?: Budget;
  /** CPU per operation (message, order step), printed beside the latencies (lib/cpu.ts). */
  cpu?: CpuPerOperation;
  /** Other figures worth keeping in the JSON, not printed. */
  details?: Record<string, number | string>;
}

/**
 * A benchmark suite: a file in bench/suites/ exporting `suite`. run.ts finds every file there,
 * so a new benchmark (chat delivery, analytics) is one new file.
 */
export interface BenchSuite {
  name: string;
  description: string;
  run(options: BenchOptions): Promise<BenchRow[]>;
}

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchRow, Budget } from './types';

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const twoPlaces = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

const UNITS: Record<Exclude<Budget['metric'], 'value'>, string> = {
  requestsPerSecond: 'req/s',
  p50Ms: 'ms p50',
  p99Ms: 'ms p99',
};

export function describeBudget(budget: Budget | undefined, valueUnit = ''): string {
  if (!budget) return '-';
  const unit = budget.metric === 'value' ? valueUnit : UNITS[budget.metric];
  const figure = (n: number) => `${twoPlaces.format(n)} ${unit}`.trimEnd();
  if (budget.atLeast !== undefined) return `>= ${figure(budget.atLeast)}`;
  if (budget.below !== undefined) return `< ${figure(budget.below)}`;
  if (budget.atMost !== undefined) return `<= ${figure(budget.atMost)}`;
  return '-';
}

/** True or false against the row's budget; undefined when the row has none. */
export function meetsBudget(row: BenchRow): boolean | undefined {
  const { budget } = row;
  if (!budget) return undefined;
  const value = row[budget.metric];
  if (value === undefined) return false;
  if (budget.atLeast !== undefined && value < budget.atLeast) return false;
  if (budget.below !== undefined && value >= budget.below) return false;
  if (budget.atMost !== undefined && value > budget.atMost) return false;
  return true;
}

function renderTable(header: string[], lines: string[][], numeric: Set<number>): string {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const render = (cells: string[]) =>
    cells
      .map((cell, i) => (numeric.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [render(header), render(widths.map((w) => '-'.repeat(w))), ...lines.map(render)].join(
    '\n',
  );
}

/** Rows with a `value` (scores, sizes): suite, case, the figure, the budget, the result. */
function formatValueTable(rows: BenchRow[]): string {
  const header = ['suite', 'case', 'value', 'budget', 'result'];
  const lines = rows.map((row) => {
    const verdict = meetsBudget(row);
    return [
      row.suite,
      row.name,
      `${twoPlaces.format(row.value!)} ${row.unit ?? ''}`.trimEnd(),
      describeBudget(row.budget, row.unit),
      verdict === undefined ? '' : verdict ? 'ok' : 'MISSED',
    ];
  });
  return renderTable(header, lines, new Set([2]));
}

export function formatTable(allRows: BenchRow[]): string {
  const rows = allRows.filter((row) => row.value === undefined);
  const valueRows = allRows.filter((row) => row.value !== undefined);
  if (rows.length === 0 && valueRows.length > 0) return formatValueTable(valueRows);
  const header = [
    'suite',
    'case',
    'req/s',
    'p50 ms',
    'p99 ms',
    'app CPU ms/op',
    'db CPU ms/op',
    'errors',
    'budget',
    'result',
  ];
  const cpu = (ms: number | undefined) => (ms === undefined ? '-' : twoPlaces.format(ms));
  const lines = rows.map((row) => {
    const verdict = meetsBudget(row);
    return [
      row.suite,
      row.name,
      row.requestsPerSecond === undefined ? '-' : whole.format(row.requestsPerSecond),
      row.p50Ms === undefined ? '-' : twoPlaces.format(row.p50Ms),
      row.p99Ms === undefined ? '-' : twoPlaces.format(row.p99Ms),
      cpu(row.cpu?.appMs),
      cpu(row.cpu?.databaseMs),
      whole.format(row.errors),
      describeBudget(row.budget),
      verdict === undefined ? '' : verdict ? 'ok' : 'MISSED',
    ];
  });
  const table = renderTable(header, lines, new Set([2, 3, 4, 5, 6, 7]));
  return valueRows.length > 0 ? `${table}\n\n${formatValueTable(valueRows)}` : table;
}

function gitCommit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

export interface RunRecord {
  startedAt: string;
  finishedAt: string;
  suites: string[];
  options: { durationSeconds: number; connections: number; soakSeconds: number };
  rows: BenchRow[];
  failures: { suite: string; error: string }[];
  /** The machine's 1-minute load average before the run. */
  loadBefore: number;
}

/** Writes results/latest.json and a dated copy beside it (the folder is git-ignored). */
export function writeResults(resultsDir: string, record: RunRecord): string {
  fs.mkdirSync(resultsDir, { recursive: true });
  const cpus = os.cpus();
  const full = {
    ...record,
    commit: gitCommit(),
    machine: {
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      cpus: cpus.length,
      cpuModel: cpus[0]?.model,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
    },
    rows: record.rows.map((row) => ({ ...row, meetsBudget: meetsBudget(row) })),
  };
  const json = `${JSON.stringify(full, null, 2)}\n`;
  const latest = path.join(resultsDir, 'latest.json');
  fs.writeFileSync(latest, json);
  const stamp = record.startedAt.replaceAll(':', '-').replace(/\.\d+Z$/, 'Z');
  fs.writeFileSync(path.join(resultsDir, `${stamp}.json`), json);
  return latest;
}

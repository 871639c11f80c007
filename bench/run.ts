/**
 * `npm run bench`: runs every suite in bench/suites (or those named by --only), prints a table
 * with the budgets from ARCHITECTURE.md beside the figures, writes bench/results/latest.json,
 * and exits non-zero when a suite fails or a budget is missed. Not part of `npm test`.
 *
 *   npm run bench
 *   npm run bench -- --only api --duration 5 --connections 100
 *   npm run bench -- --list
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { buildServer } from '../scripts/build-server';
import { formatTable, meetsBudget, writeResults } from './lib/report';
import type { BenchOptions, BenchRow, BenchSuite } from './lib/types';

const benchDir = path.dirname(fileURLToPath(import.meta.url));

async function loadSuites(): Promise<BenchSuite[]> {
  const dir = path.join(benchDir, 'suites');
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort();
  const suites: BenchSuite[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { suite?: BenchSuite };
    if (!mod.suite || typeof mod.suite.run !== 'function') {
      throw new Error(`bench/suites/${file} must export \`suite\` (a BenchSuite)`);
    }
    suites.push(mod.suite);
  }
  return suites;
}

function positiveInt(value: string, flag: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} must be a whole number above 0`);
  return n;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string', multiple: true },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      list: { type: 'boolean', default: false },
      soak: { type: 'boolean', default: false },
    },
  });
  const all = await loadSuites();
  if (values.list) {
    for (const s of all) console.log(`${s.name.padEnd(12)} ${s.description}`);
    return 0;
  }

  const wanted = (values.only ?? []).flatMap((v) => v.split(',')).filter(Boolean);
  const unknown = wanted.filter((name) => !all.some((s) => s.name === name));
  if (unknown.length > 0) {
    console.error(
      `No suite named ${unknown.join(', ')}. Suites: ${all.map((s) => s.name).join(', ')}`,
    );
    return 2;
  }
  const suites = wanted.length > 0 ? all.filter((s) => wanted.includes(s.name)) : all;
  const options: BenchOptions = {
    durationSeconds: positiveInt(values.duration, '--duration'),
    connections: positiveInt(values.connections, '--connections'),
    soakSeconds: values.soak ? 300 : 60,
    log: (line) => console.error(line),
  };

  // The suites that start the app as a process run the server bundle, built from the sources now.
  console.error(await buildServer(path.resolve(benchDir, '..')));

  // The 1-minute load before we add our own: other work on the machine skews the figures.
  const loadBefore = os.loadavg()[0]!;
  const startedAt = new Date().toISOString();
  const rows: BenchRow[] = [];
  const failures: { suite: string; error: string }[] = [];
  for (const suite of suites) {
    console.error(`== ${suite.name}: ${suite.description}`);
    try {
      rows.push(...(await suite.run(options)));
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      console.error(`suite ${suite.name} failed: ${message}`);
      failures.push({ suite: suite.name, error: message });
    }
  }

  console.log();
  console.log(formatTable(rows));
  const file = writeResults(path.join(benchDir, 'results'), {
    startedAt,
    finishedAt: new Date().toISOString(),
    suites: suites.map((s) => s.name),
    options: {
      durationSeconds: options.durationSeconds,
      connections: options.connections,
      soakSeconds: options.soakSeconds,
    },
    rows,
    failures,
    loadBefore: Math.round(loadBefore * 100) / 100,
  });
  console.log(`\nResults: ${path.relative(process.cwd(), file)}`);
  if (loadBefore >= 1) {
    console.log(
      `The machine was busy before the run (load average ${loadBefore.toFixed(1)}): ` +
        'the figures may be lower than on an idle machine.',
    );
  }

  const missed = rows.filter((row) => meetsBudget(row) === false);
  if (missed.length > 0) console.log(`Budget missed: ${missed.map((r) => r.name).join(', ')}`);
  if (failures.length > 0) console.log(`Failed suites: ${failures.map((f) => f.suite).join(', ')}`);
  return missed.length > 0 || failures.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);

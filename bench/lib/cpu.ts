import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client';

/**
 * BENCH_PROFILE_DIR=/tmp/prof: the app processes a suite starts write V8 CPU profiles there
 * (`--cpu-prof`, one per process, written when it stops); pass as a ServerProcess's `nodeArgs`.
 */
export const PROFILE_NODE_ARGS = process.env.BENCH_PROFILE_DIR
  ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
  : [];

/** Linux's clock ticks per second (`getconf CLK_TCK`), the unit of /proc/<pid>/stat's times. */
const TICKS_PER_SECOND = 100;

/** A process's CPU time so far (user and system), in ms; 0 once it has exited. */
export function processCpuMs(pid: number): number {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0;
  }
  // The fields after the command's name (which may hold spaces): utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** The PostgreSQL backends serving `databaseUrl`'s database (the server on this machine). */
async function backendPids(databaseUrl: string): Promise<number[]> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1 });
  try {
    const result = (await database.db.execute(
      sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    )) as unknown as { rows: { pid: number }[] };
    return result.rows.map((r) => r.pid);
  } finally {
    await database.close();
  }
}

export interface CpuPerOperation {
  /** The app processes' CPU per operation, in ms (on PGlite the database's too: it runs inside). */
  appMs: number;
  /** PostgreSQL's backends for the app's database, per operation, in ms. */
  databaseMs?: number;
}

/**
 * CPU spent by the app processes (and PostgreSQL's backends for their database) between `start`
 * and `per`, per operation: a cost that does not depend on how busy the machine is, where a
 * latency does. Backends are those open at either end (the app's pools keep theirs).
 */
export class CpuMeter {
  private constructor(
    private readonly pids: number[],
    private readonly databaseUrl: string | undefined,
    private readonly app: number,
    private readonly backends: Map<number, number>,
  ) {}

  static async start(pids: number[], databaseUrl?: string): Promise<CpuMeter> {
    const backends = new Map<number, number>();
    if (databaseUrl)
      for (const pid of await backendPids(databaseUrl)) backends.set(pid, processCpuMs(pid));
    return new CpuMeter(pids, databaseUrl, CpuMeter.sum(pids), backends);
  }

  private static sum(pids: number[]): number {
    return pids.reduce((total, pid) => total + processCpuMs(pid), 0);
  }

  async per(operations: number): Promise<CpuPerOperation> {
    const appMs = (CpuMeter.sum(this.pids) - this.app) / operations;
    if (!this.databaseUrl) return { appMs };
    const pids = new Set([...this.backends.keys(), ...(await backendPids(this.databaseUrl))]);
    let spent = 0;
    // A backend that exited meanwhile reads 0: its share is lost, never counted below zero.
    for (const pid of pids) spent += Math.max(0, processCpuMs(pid) - (this.backends.get(pid) ?? 0));
    return { appMs, databaseMs: spent / operations };
  }
}

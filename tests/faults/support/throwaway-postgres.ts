import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Where PostgreSQL's server programs are: PG_BIN_DIR, else `pg_config --bindir`, else the
 * newest Debian install under /usr/lib/postgresql. Undefined when there are none.
 */
function findBinDir(): string | undefined {
  const candidates: string[] = [];
  if (process.env.PG_BIN_DIR) candidates.push(process.env.PG_BIN_DIR);
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {
    // No pg_config on the PATH.
  }
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    const versions = fs
      .readdirSync(debian)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(debian, v, 'bin')));
  }
  return candidates.find((dir) =>
    ['initdb', 'pg_ctl', 'postgres'].every((p) => fs.existsSync(path.join(dir, p))),
  );
}

const binDir = findBinDir();
const isRoot = process.getuid?.() === 0;

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user. */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (!isRoot) return undefined;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

const owner = postgresUser();

/** Why a throwaway server cannot be made here, or undefined when it can. */
export const throwawayPostgresUnavailable: string | undefined = !binDir
  ? 'PostgreSQL server programs (initdb, pg_ctl) not found: set PG_BIN_DIR'
  : isRoot && !owner
    ? 'running as root and there is no postgres user to run PostgreSQL as'
    : undefined;

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const live = new Set<ThrowawayPostgres>();
// If the test process ends without cleaning up (a crash, a timeout), no server is left behind.
process.once('exit', () => {
  for (const server of live) server.killNow();
});

/**
 * A PostgreSQL server of the tests' own, in a temporary folder on a free port, made with the
 * same programs as the one at TEST_DATABASE_URL. Tests stop and restart it at will without
 * disturbing anyone else using that shared server (other test runs, other people).
 */
export class ThrowawayPostgres {
  private constructor(
    private readonly dir: string,
    readonly port: number,
  ) {}

  static async create(): Promise<ThrowawayPostgres> {
    if (throwawayPostgresUnavailable) throw new Error(throwawayPostgresUnavailable);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-faults-pg-'));
    if (owner) fs.chownSync(dir, owner.uid, owner.gid);
    const server = new ThrowawayPostgres(dir, await freePort());
    await server.exec('initdb', [
      '-D',
      server.dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    live.add(server);
    await server.start();
    return server;
  }

  private get dataDir(): string {
    return path.join(this.dir, 'data');
  }

  /** A connection string for `database` on this server. */
  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  async start(): Promise<void> {
    await this.exec('pg_ctl', [
      '-D',
      this.dataDir,
      '-l',
      path.join(this.dir, 'server.log'),
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-w',
      '-t',
      '60',
      'start',
    ]);
  }

  /** A fast shutdown: open connections are ended, as when an operator restarts the server. */
  async stop(): Promise<void> {
    await this.exec('pg_ctl', ['-D', this.dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
  }

  async isRunning(): Promise<boolean> {
    try {
      await this.exec('pg_ctl', ['-D', this.dataDir, 'status']);
      return true;
    } catch {
      return false;
    }
  }

  /** The server's log, for failure messages. */
  log(): string {
    try {
      return fs.readFileSync(path.join(this.dir, 'server.log'), 'utf8').slice(-4000);
    } catch {
      return '';
    }
  }

  async dispose(): Promise<void> {
    live.delete(this);
    if (await this.isRunning()) {
      await this.exec('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', 'stop']);
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  /** Synchronous, for process exit. */
  killNow(): void {
    try {
      execFileSync(this.program('pg_ctl'), ['-D', this.dataDir, '-m', 'immediate', 'stop'], {
        stdio: 'ignore',
        ...owner,
      });
    } catch {
      // Already stopped.
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  private program(name: string): string {
    return path.join(binDir!, name);
  }

  private async exec(name: string, args: string[]): Promise<void> {
    await run(this.program(name), args, { ...owner, cwd: this.dir, timeout: 90_000 });
  }
}

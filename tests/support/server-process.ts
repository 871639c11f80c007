import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyPgliteTemplate } from './pglite-template';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Generous: a cold start (PGlite, migrations) on a busy 2-core machine can take 20 s. */
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;
/** Lines of the server's output kept for failure messages. */
const OUTPUT_LINES = 300;
/** Nothing listens there: price refreshes fail at once unless a test gives its own server. */
const NO_PRICE_API = 'http://127.0.0.1:9/api/v3';

/**
 * Fixed secrets and no price refreshes, for apps that share a database or start again on the
 * same data (the fault tests, the chat benchmark): a session made in one stays valid in another.
 */
export const SHARED_DATA_ENV: Readonly<Record<string, string>> = {
  SESSION_SECRET: 'faults-session-secret-0123456789abcdef',
  ADMIN_SETUP_SECRET: 'faults-admin-setup-secret',
  PRICE_REFRESH_MS: '3600000',
};

/**
 * The environment of an app under test on `port`: the test defaults (no real price service or
 * chain, warnings only), its own DATA_DIR unless the options name a database, then the options.
 */
export function testServerEnv(
  port: number,
  options: ServerProcessOptions,
  dataDir: string | undefined,
): Record<string, string> {
  return {
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PRICE_API_URL: options.priceApiUrl ?? NO_PRICE_API,
    // The deposit watcher reads no real chain from a test unless the test gives it one.
    BTC_EXPLORER_URL: 'http://127.0.0.1:9/api',
    TRON_API_URL: 'http://127.0.0.1:9',
    LOG_LEVEL: 'warn',
    ...(dataDir === undefined ? {} : { DATA_DIR: dataDir }),
    ...options.env,
  };
}

/**
 * The kernel's range for the local ports of outgoing connections (Linux's default when it
 * cannot be read). A port from it, free when probed, can be given to a database or browser
 * connection before the app listens on it: EADDRINUSE (seen once in a full run).
 */
export function ephemeralPorts(): [number, number] {
  try {
    const [low, high] = fs
      .readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (Number.isInteger(low) && Number.isInteger(high)) return [low!, high!];
  } catch {
    // Not Linux: its default below.
  }
  return [32768, 60999];
}

/** Where freePort picks from: below the ephemeral range, above the well-known services. */
const PICK_FROM = 10_000;

async function listensFree(port: number): Promise<boolean> {
  const probe = net.createServer();
  const free = await new Promise<boolean>((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (free) await new Promise<void>((resolve) => probe.close(() => resolve()));
  return free;
}

/**
 * A port nothing listens on right now, outside the kernel's range for outgoing connections, so
 * that none of them takes it before the app listens (this module stays free of server imports).
 */
export async function freePort(): Promise<number> {
  const [low] = ephemeralPorts();
  const span = Math.max(0, low - PICK_FROM);
  for (let attempt = 0; span > 0 && attempt < 50; attempt++) {
    const port = PICK_FROM + Math.floor(Math.random() * span);
    if (await listensFree(port)) return port;
  }
  // No room below the range (a machine set so): any port the kernel gives.
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export interface ServerProcessOptions {
  /** A label for failure messages ("A", "B"); "app" by default. */
  name?: string;
  /** The price service the app reads (a PriceServer's `url`); by default nothing answers. */
  priceApiUrl?: string;
  /**
   * More environment on top of the test defaults. With DATABASE_URL (PostgreSQL) or DATA_DIR
   * here the caller owns the database; without either the app gets a fresh temporary DATA_DIR
   * of its own, removed on stop.
   */
  env?: Record<string, string>;
  /** Extra node flags, before the script (the chat benchmark's --cpu-prof). */
  nodeArgs?: string[];
  /**
   * A migrated PGlite (support/pglite-template) copied into the DATA_DIR, this helper's or the
   * one `env` names, when that has no database yet: opens in a fraction of an empty folder's time.
   */
  template?: string;
}

/**
 * The real app as a child process (`node dist/server/main.js`, the bundle built by the caller's
 * setup: tests/setup/global-server-bundle.ts, bench/run.ts), the way it runs in production, for the browser tests, the fault tests and the benchmarks: a port of its own that
 * stays the same across restarts (clients reconnect to the same address), the built web app from
 * dist/web. Ready once `GET /api/health` answers 200. It can be stopped gracefully, killed with
 * SIGKILL, and started again on the same data.
 */
export class ServerProcess {
  private dataDir: string | undefined;
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private lines: string[] = [];
  /** Set while this helper stops or kills the app, so that exit is not reported. */
  private ending = false;
  /** Every pid this app has run as, oldest first. */
  readonly pids: number[] = [];

  private constructor(
    readonly port: number,
    private readonly options: ServerProcessOptions,
  ) {
    const env = options.env ?? {};
    if (env.DATABASE_URL === undefined && env.DATA_DIR === undefined) {
      this.dataDir = ServerProcess.freshDataDir();
    }
  }

  static async start(options: ServerProcessOptions = {}): Promise<ServerProcess> {
    const server = new ServerProcess(await freePort(), options);
    await server.start();
    return server;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  private get name(): string {
    return this.options.name ?? 'app';
  }

  /** Whether the process started last is still running. */
  get running(): boolean {
    const child = this.child;
    return !!child && child.exitCode === null && child.signalCode === null;
  }

  /** The last lines the app printed, for failure messages. */
  output(): string {
    return this.lines.join('\n');
  }

  /** Starts the app again (after `kill` or `stop({ keepData: true })`) on the same data. */
  async start(): Promise<void> {
    if (this.running) throw new Error(`${this.name} is already running`);
    const env: NodeJS.ProcessEnv = { ...process.env };
    // The database the options name, and the built app, whatever the calling shell has.
    delete env.DATABASE_URL;
    delete env.VITE_DEV;
    Object.assign(env, testServerEnv(this.port, this.options, this.dataDir));
    if (this.options.template && env.DATABASE_URL === undefined && env.DATA_DIR !== undefined) {
      copyPgliteTemplate(this.options.template, env.DATA_DIR);
    }
    this.lines = [];
    this.ending = false;
    const child = spawn(
      process.execPath,
      [...(this.options.nodeArgs ?? []), 'dist/server/main.js'],
      { cwd: rootDir, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    if (child.pid) this.pids.push(child.pid);
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    child.once('exit', (code, signal) => {
      // Said at once: a test that finds the app gone only sees connections refused.
      if (this.child === child && !this.ending) {
        console.error(`${this.name} exited (${code ?? signal}) on its own:\n${this.output()}`);
      }
    });
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        this.lines.push(...chunk.split('\n').filter(Boolean));
        this.lines.splice(0, Math.max(0, this.lines.length - OUTPUT_LINES));
      });
    }
    await this.waitUntilHealthy(child);
  }

  /** Stops the app and starts it again on the same port, by default on a fresh DATA_DIR. */
  async restart(options: { freshDataDir?: boolean } = {}): Promise<void> {
    const fresh = options.freshDataDir !== false && this.dataDir !== undefined;
    await this.stop({ keepData: !fresh });
    if (fresh) this.dataDir = ServerProcess.freshDataDir();
    await this.start();
  }

  /** SIGKILL: no shutdown, no cleanup, the lock file and open transactions left behind. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    this.ending = true;
    child.kill('SIGKILL');
    await this.exited;
  }

  /**
   * SIGTERM (graceful shutdown), SIGKILL if that takes too long; removes the DATA_DIR this
   * helper made unless `keepData`.
   */
  async stop(options: { keepData?: boolean } = {}): Promise<void> {
    const child = this.child;
    if (child && this.running) {
      this.ending = true;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await this.exited;
      clearTimeout(killer);
    }
    if (!options.keepData && this.dataDir !== undefined) {
      fs.rmSync(this.dataDir, { recursive: true, force: true });
    }
  }

  static freshDataDir(): string {
    return fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-app-'));
  }

  private async waitUntilHealthy(child: ChildProcess): Promise<void> {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(
          `${this.name} exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${this.output()}`,
        );
      }
      try {
        const response = await fetch(`${this.url}/api/health`, {
          signal: AbortSignal.timeout(3_000),
        });
        if (response.ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await this.stop();
    throw new Error(
      `${this.name} was not healthy within ${START_TIMEOUT_MS} ms:\n${this.output()}`,
    );
  }
}

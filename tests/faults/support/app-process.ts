import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A cold start (tsx, migrations) on a busy 2-core machine can take a while. */
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;
const OUTPUT_LINES = 300;

export const FAULTS_SESSION_SECRET = 'faults-session-secret-0123456789abcdef';

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export interface AppProcessOptions {
  /** A label for error messages ("A", "B"). */
  name: string;
  /** DATABASE_URL for PostgreSQL, or DATA_DIR for the embedded database; more on top. */
  env: Record<string, string>;
  /** Extra node flags, before the script (the chat benchmark's --cpu-prof). */
  nodeArgs?: string[];
}

/**
 * The real app as a child process (`node --import tsx src/server/main.ts`) on a port of its own
 * that stays the same across restarts, so clients reconnect to the same address. Unlike the
 * browser tests' ServerProcess it can be killed with SIGKILL and started again on the same data.
 */
export class AppProcess {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private lines: string[] = [];
  /** Every pid this app has run as, oldest first. */
  readonly pids: number[] = [];

  private constructor(
    readonly port: number,
    private readonly options: AppProcessOptions,
  ) {}

  static async start(options: AppProcessOptions): Promise<AppProcess> {
    const app = new AppProcess(await freePort(), options);
    await app.start();
    return app;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
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

  async start(): Promise<void> {
    if (this.running) throw new Error(`app ${this.options.name} is already running`);
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.DATABASE_URL;
    delete env.VITE_DEV;
    Object.assign(env, {
      NODE_ENV: 'test',
      PORT: String(this.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: this.url,
      SESSION_SECRET: FAULTS_SESSION_SECRET,
      ADMIN_SETUP_SECRET: 'faults-admin-setup-secret',
      // Nothing listens there: refreshes fail at once unless a test gives its own price server.
      PRICE_API_URL: 'http://127.0.0.1:9/api/v3',
      PRICE_REFRESH_MS: '3600000',
      LOG_LEVEL: 'warn',
      ...this.options.env,
    });
    const child = spawn(
      process.execPath,
      [...(this.options.nodeArgs ?? []), '--import', 'tsx', 'src/server/main.ts'],
      {
        cwd: rootDir,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    this.child = child;
    if (child.pid) this.pids.push(child.pid);
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        this.lines.push(...chunk.split('\n').filter(Boolean));
        this.lines.splice(0, Math.max(0, this.lines.length - OUTPUT_LINES));
      });
    }
    await this.waitUntilHealthy(child);
  }

  /** SIGKILL: no shutdown, no cleanup, the lock file and open transactions left behind. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    child.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM (graceful shutdown), SIGKILL if that takes too long. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await this.exited;
    clearTimeout(killer);
  }

  private async waitUntilHealthy(child: ChildProcess): Promise<void> {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(
          `app ${this.options.name} exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${this.output()}`,
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
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    await this.stop();
    throw new Error(
      `app ${this.options.name} was not healthy within ${START_TIMEOUT_MS} ms:\n${this.output()}`,
    );
  }
}

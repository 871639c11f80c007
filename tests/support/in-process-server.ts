import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import type * as Start from '../../src/server/start';
import { copyPgliteTemplate } from './pglite-template';
import {
  freePort,
  ServerProcess,
  testServerEnv,
  type ServerProcessOptions,
} from './server-process';

/**
 * The server bundle's start (dist/server/start.js, built by tests/e2e/global-setup.ts): the app
 * the browser tests drive is the code `npm start` runs, imported once per worker.
 */
const BUNDLED_START = pathToFileURL(
  path.resolve(import.meta.dirname, '../../dist/server/start.js'),
).href;
let bundledStart: Promise<typeof Start> | undefined;

/** Lines of the app's log kept for failure messages. */
const OUTPUT_LINES = 300;
/** How long a graceful stop may take before the open connections are cut. */
const STOP_FORCE_MS = 10_000;

/**
 * The app the way `npm start` runs it (the bundle of src/server/start.ts: the same config,
 * migrations, background work and built web app from dist/web), started inside the test's own process: the
 * browser tests share one module graph (isolate: false), so a file's server costs a database
 * copy and `buildApp`, not a node process, tsx and the app's imports (~6 CPU-seconds each).
 * The fault tests and the benchmarks kill and measure real processes: they use ServerProcess.
 */
export class InProcessServer {
  private running: Start.RunningApp | undefined;
  private lines: string[] = [];

  private constructor(
    readonly port: number,
    private readonly options: ServerProcessOptions,
    private dataDir: string | undefined,
  ) {}

  static async start(options: ServerProcessOptions = {}): Promise<InProcessServer> {
    const env = options.env ?? {};
    const ownData = env.DATABASE_URL === undefined && env.DATA_DIR === undefined;
    const server = new InProcessServer(
      await freePort(),
      options,
      ownData ? ServerProcess.freshDataDir() : undefined,
    );
    await server.start();
    return server;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /**
   * The running app's database: a test moves a row back on the clock through it (a payout
   * falling overdue) instead of waiting for the real one.
   */
  get database(): Database {
    if (!this.running) throw new Error('the app is not running');
    return this.running.database;
  }

  /** The last lines the app logged (LOG_LEVEL warn unless the options say), for failure messages. */
  output(): string {
    return this.lines.join('\n');
  }

  /** Starts the app again (after `stop({ keepData: true })`) on the same data and port. */
  async start(): Promise<void> {
    if (this.running) throw new Error('the app is already running');
    const env = testServerEnv(this.port, this.options, this.dataDir);
    if (this.options.template && env.DATABASE_URL === undefined && env.DATA_DIR !== undefined) {
      copyPgliteTemplate(this.options.template, env.DATA_DIR);
    }
    // Kept, not printed: the test's output stays its own, as with a server process.
    const stream = {
      write: (line: string) => {
        this.lines.push(line.trimEnd());
        this.lines.splice(0, Math.max(0, this.lines.length - OUTPUT_LINES));
      },
    };
    bundledStart ??= import(BUNDLED_START) as Promise<typeof Start>;
    const { startAgentChat } = await bundledStart;
    this.running = await startAgentChat(loadConfig(env), { web: 'static', logger: { stream } });
  }

  /** Stops the app and starts it again on the same port, by default on a fresh DATA_DIR. */
  async restart(options: { freshDataDir?: boolean } = {}): Promise<void> {
    const fresh = options.freshDataDir !== false && this.dataDir !== undefined;
    await this.stop({ keepData: !fresh });
    if (fresh) this.dataDir = ServerProcess.freshDataDir();
    await this.start();
  }

  /**
   * Graceful shutdown, as SIGTERM does in main.ts; removes the DATA_DIR this helper made unless
   * `keepData`.
   */
  async stop(options: { keepData?: boolean } = {}): Promise<void> {
    const running = this.running;
    this.running = undefined;
    if (running) {
      // main.ts gives a shutdown 10 s before it exits; here the connections a page keeps open
      // (a service worker's, say) are cut after as long, so a stop never hangs the test.
      const force = setTimeout(() => running.app.server.closeAllConnections(), STOP_FORCE_MS);
      try {
        await running.close();
      } finally {
        clearTimeout(force);
      }
    }
    if (!options.keepData && this.dataDir !== undefined) {
      fs.rmSync(this.dataDir, { recursive: true, force: true });
    }
  }
}

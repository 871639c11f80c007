import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Generous: a cold start (tsx, PGlite, migrations) on a busy 2-core machine can take 20 s. */
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;
/** Lines of the server's output kept for the error message when it fails to start. */
const OUTPUT_LINES = 200;

/** A port nothing listens on right now (this module stays free of server imports). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export interface ServerProcessOptions {
  /** The price service the app reads (a PriceServer's `url`). */
  priceApiUrl: string;
  /** More environment on top of the test defaults. */
  env?: Record<string, string>;
}

/**
 * The real app as a child process (`node --import tsx src/server/main.ts`), the way it runs in
 * production: its own port, embedded PostgreSQL in a fresh temporary DATA_DIR, the built web
 * app from dist/web. Ready once `GET /api/health` answers 200.
 */
export class ServerProcess {
  readonly port: number;
  private dataDir: string;
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private output: string[] = [];

  private constructor(
    port: number,
    private readonly options: ServerProcessOptions,
  ) {
    this.port = port;
    this.dataDir = ServerProcess.freshDataDir();
  }

  static async start(options: ServerProcessOptions): Promise<ServerProcess> {
    const server = new ServerProcess(await freePort(), options);
    await server.spawn();
    return server;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Stops the app and starts it again on the same port, by default on a fresh DATA_DIR. */
  async restart(options: { freshDataDir?: boolean } = {}): Promise<void> {
    await this.stop({ keepData: options.freshDataDir === false });
    if (options.freshDataDir !== false) this.dataDir = ServerProcess.freshDataDir();
    await this.spawn();
  }

  /** SIGTERM (graceful shutdown), SIGKILL if that takes too long; removes the DATA_DIR. */
  async stop(options: { keepData?: boolean } = {}): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await this.exited;
      clearTimeout(killer);
    }
    if (!options.keepData) fs.rmSync(this.dataDir, { recursive: true, force: true });
  }

  private static freshDataDir(): string {
    return fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-e2e-'));
  }

  private async spawn(): Promise<void> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(this.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: this.url,
      DATA_DIR: this.dataDir,
      PRICE_API_URL: this.options.priceApiUrl,
      LOG_LEVEL: 'warn',
      ...this.options.env,
    };
    // The embedded database in DATA_DIR, and the built app, whatever the calling shell has.
    delete env.DATABASE_URL;
    delete env.VITE_DEV;

    this.output = [];
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: rootDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        this.output.push(...chunk.split('\n').filter(Boolean));
        this.output.splice(0, Math.max(0, this.output.length - OUTPUT_LINES));
      });
    }
    await this.waitUntilHealthy(child);
  }

  private async waitUntilHealthy(child: ChildProcess): Promise<void> {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(
          `the app exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${this.output.join('\n')}`,
        );
      }
      try {
        const response = await fetch(`${this.url}/api/health`, {
          signal: AbortSignal.timeout(1_000),
        });
        if (response.ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await this.stop();
    throw new Error(
      `the app was not healthy within ${START_TIMEOUT_MS} ms:\n${this.output.join('\n')}`,
    );
  }
}

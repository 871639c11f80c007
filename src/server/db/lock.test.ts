import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { transform } from 'esbuild';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { copyPgliteTemplate } from '../../../tests/support/pglite-template';
import { acquireDirLock, DataDirLockedError } from './lock';

const projectRoot = path.resolve(import.meta.dirname, '../../..');

let dataDir: string;
const children = new Set<ChildProcess>();
/** lock.ts as JavaScript, for another process to import with plain node (no tsx to load). */
let lockModule: string;

beforeAll(async () => {
  const { code } = await transform(
    fs.readFileSync(path.join(import.meta.dirname, 'lock.ts'), 'utf8'),
    {
      loader: 'ts',
      format: 'esm',
    },
  );
  lockModule = path.join(
    fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-lock-module-')),
    'lock.mjs',
  );
  fs.writeFileSync(lockModule, code);
});
afterAll(() => fs.rmSync(path.dirname(lockModule), { recursive: true, force: true }));

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-lock-'));
});

afterEach(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  children.clear();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const lockFile = () => path.join(dataDir, 'agentchat.lock');

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Output collected from a child process, with a wait for a line that matches. */
class Output {
  text = '';
  private waiters: { pattern: RegExp; resolve: (match: RegExpMatchArray) => void }[] = [];

  constructor(child: ChildProcess) {
    const add = (chunk: Buffer) => {
      this.text += chunk.toString();
      this.waiters = this.waiters.filter((w) => {
        const match = this.text.match(w.pattern);
        if (match) w.resolve(match);
        return !match;
      });
    };
    child.stdout?.on('data', add);
    child.stderr?.on('data', add);
  }

  waitFor(pattern: RegExp, child: ChildProcess, timeoutMs = 90_000): Promise<RegExpMatchArray> {
    const match = this.text.match(pattern);
    if (match) return Promise.resolve(match);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`timed out waiting for ${pattern}; output so far:\n${this.text}`)),
        timeoutMs,
      );
      child.once('exit', (code) =>
        setTimeout(
          () => reject(new Error(`exited (${code}) before ${pattern}; output:\n${this.text}`)),
          50,
        ),
      );
      this.waiters.push({
        pattern,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }
}

/** Another process that takes the lock on `dir` and keeps it until killed. */
async function holdLockInAnotherProcess(dir: string): Promise<ChildProcess> {
  const script = `
    const { acquireDirLock } = await import(${JSON.stringify(lockModule)});
    acquireDirLock(${JSON.stringify(dir)});
    console.log('locked');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--input-type=module', '--eval', script], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  await new Output(child).waitFor(/locked/, child);
  return child;
}

/** The pid of a process that has come and gone. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['--eval', '0']);
  await exited(child);
  return child.pid!;
}

describe('acquireDirLock', () => {
  it('writes our pid to the lock file, and release removes it', () => {
    const lock = acquireDirLock(dataDir);
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(lockFile())).toBe(false);
    // Releasing twice is harmless.
    lock.release();
    expect(fs.existsSync(lockFile())).toBe(false);
  });

  it('refuses while another live process holds the folder, naming it and its pid', async () => {
    const holder = await holdLockInAnotherProcess(dataDir);
    let thrown: unknown;
    try {
      acquireDirLock(dataDir);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DataDirLockedError);
    const error = thrown as DataDirLockedError;
    expect(error.pid).toBe(holder.pid);
    expect(error.dataDir).toBe(dataDir);
    expect(error.message).toBe(
      `The database in ${dataDir} is in use by another AgentChat process (pid ${holder.pid}). ` +
        'Stop that process first, or set DATA_DIR to another folder. ' +
        '(The embedded database allows one process at a time; use DATABASE_URL for several.)',
    );
    // The holder's lock is untouched.
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(holder.pid));

    // Once the holder is gone (killed: no chance to clean up), its lock is stale and taken over.
    holder.kill('SIGKILL');
    await exited(holder);
    const lock = acquireDirLock(dataDir);
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  it('takes over a stale lock left by a process that died', async () => {
    fs.writeFileSync(lockFile(), String(await deadPid()));
    const lock = acquireDirLock(dataDir);
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(lockFile())).toBe(false);
  });

  it('takes over a lock file that holds no pid', () => {
    fs.writeFileSync(lockFile(), '');
    const lock = acquireDirLock(dataDir);
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  it('does not remove a lock that another process has since taken', () => {
    const lock = acquireDirLock(dataDir);
    fs.writeFileSync(lockFile(), '1');
    lock.release();
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe('1');
  });
});

describe('the server on one DATA_DIR', () => {
  interface Server {
    child: ChildProcess;
    output: Output;
    url: string;
  }

  function startProcess(): { child: ChildProcess; output: Output } {
    // The bundle `npm start` runs (built by tests/setup/global-server-bundle.ts).
    const child = spawn(process.execPath, ['dist/server/main.js'], {
      cwd: projectRoot,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        // Nothing listens here: the price feed fails fast, logs it, and the server carries on.
        PRICE_API_URL: 'http://127.0.0.1:1/api/v3',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    return { child, output: new Output(child) };
  }

  /** A server on this test's DATA_DIR, once it says it is running. */
  async function startServer(): Promise<Server> {
    const { child, output } = startProcess();
    const [, url] = await output.waitFor(
      /AgentChat is running at .* \(listening on (http:\/\/127\.0\.0\.1:\d+)/,
      child,
    );
    return { child, output, url: url! };
  }

  async function health(server: Server): Promise<unknown> {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    return res.json();
  }

  // One folder through a server's life, each start a real process (one test of four starts
  // rather than three tests of six). The folder starts as a copy of the migrated template: the
  // start on an empty folder, as on a fresh machine, is tests/install/server-bundle.test.ts's.
  it('refuses a second server; after a crash the next start takes over; SIGTERM and SIGINT shut down cleanly', async () => {
    copyPgliteTemplate(inject('pgliteTemplate'), dataDir);
    const first = await startServer();
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(first.child.pid));

    // A second server on the folder exits non-zero with a clear message, and does no harm.
    const second = startProcess();
    expect(await exited(second.child)).toBe(1);
    expect(second.output.text).toContain(
      `The database in ${dataDir} is in use by another AgentChat process (pid ${first.child.pid}).`,
    );
    expect(second.output.text).toContain('use DATABASE_URL for several');
    expect(second.output.text).not.toMatch(/\bat .+:\d+:\d+/);
    expect(await health(first)).toEqual({ status: 'ok', database: 'ok' });
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(first.child.pid));

    // A crash leaves the dead process's lock behind; the next start takes it over.
    first.child.kill('SIGKILL');
    await exited(first.child);
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(first.child.pid));
    const next = await startServer();
    expect(await health(next)).toEqual({ status: 'ok', database: 'ok' });
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(next.child.pid));

    // SIGTERM: requests finish, exit 0, the lock is released.
    next.child.kill('SIGTERM');
    expect(await exited(next.child)).toBe(0);
    expect(next.output.text).toContain('SIGTERM received: finishing requests and shutting down');
    expect(fs.existsSync(lockFile())).toBe(false);

    // And the start after that works; SIGINT shuts it down the same way.
    const last = await startServer();
    expect(await health(last)).toEqual({ status: 'ok', database: 'ok' });
    last.child.kill('SIGINT');
    expect(await exited(last.child)).toBe(0);
    expect(last.output.text).toContain('SIGINT received: finishing requests and shutting down');
    expect(fs.existsSync(lockFile())).toBe(false);
  }, 360_000);
});

import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { PGLITE_THREADS, type PgliteThreadKind } from '../config';
import type { Request, WireError, WireQueryOptions } from './pglite-session.js';

/**
 * `PGLITE_THREAD` for what opens a database without the app's config (tests, benchmarks);
 * undefined when unset. The app reads it through config.ts.
 */
export function pgliteThreadFromEnv(): PgliteThreadKind | undefined {
  const value = process.env.PGLITE_THREAD;
  if (!value) return undefined;
  const kind = PGLITE_THREADS.find((thread) => thread === value);
  if (!kind) throw new Error(`PGLITE_THREAD is ${value}: use ${PGLITE_THREADS.join(' or ')}`);
  return kind;
}

let compiled: Promise<WebAssembly.Module> | undefined;

/**
 * PGlite's WebAssembly, compiled once per process and handed to every worker (a compiled module
 * crosses threads; V8 shares its code), instead of compiled again in each worker's isolate,
 * which the tests, opening databases in every file, paid each time (decision 041's amendment).
 */
export function compiledPglite(): Promise<WebAssembly.Module> {
  compiled ??= fs
    .readFile(createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm'))
    .then((bytes) => WebAssembly.compile(bytes));
  // A failed compile is not kept: the next open tries again.
  compiled.catch(() => {
    compiled = undefined;
  });
  return compiled;
}

/** A request without its id (the stand-in numbers them). */
type Ask = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

type Answer =
  | { id: number; value: unknown }
  | { id: number; error: WireError }
  | { notify: number; payload: string }
  | { ready: true }
  | { failed: WireError };

/** What a transaction of the stand-in offers: what drizzle's pglite session and client.ts use. */
export interface ThreadTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

export interface PgliteThreadOptions {
  /** PGlite's own folder (DATA_DIR/pgdata); undefined: in memory, empty or from `loadDataDir`. */
  pgdata: string | undefined;
  loadDataDir?: Blob;
  /**
   * The worker stopped without being closed (a crash, or it was ended). Every pending and later
   * call has failed already. By default the error is thrown where nothing catches it, which ends
   * the process as an embedded database that crashes on the main thread does.
   */
  onLost?: (error: Error) => void;
}

/**
 * PGlite in a worker thread (pglite-worker.js), seen from the main thread: the calls drizzle's
 * pglite driver and client.ts make on a PGlite (`query`, `exec`, `transaction`, `listen`,
 * `close`) and the prepared statement's one call, each posted to the worker with an id and
 * answered when PGlite answers. Rows and parameters are structured-cloned across.
 */
export class PgliteThread {
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  private readonly notified = new Map<number, (payload: string) => void>();
  private nextId = 1;
  private nextListener = 1;
  private nextTransaction = 1;
  private closing = false;
  private lost: Error | undefined;

  private constructor(
    private readonly worker: Worker,
    onLost: (error: Error) => void,
  ) {
    worker.on('message', (answer: Answer) => this.receive(answer));
    const stop = (error: Error) => {
      if (this.lost) return;
      // Closed: what was still waiting for PGlite (queued behind its close) fails, as on the
      // main thread; stopped unasked: that, and the loss is told.
      const failed = this.closing ? new Error('the embedded database is closed') : error;
      for (const { reject } of this.pending.values()) reject(failed);
      this.pending.clear();
      if (this.closing) return;
      this.lost = error;
      onLost(error);
    };
    worker.on('error', (error) =>
      stop(new Error(`the embedded database's thread failed: ${error.message}`, { cause: error })),
    );
    worker.on('exit', (code) =>
      stop(new Error(`the embedded database's thread stopped (exit code ${code})`)),
    );
    // Only a call in flight keeps the process alive, as PGlite on the main thread would.
    worker.unref();
  }

  static async open(options: PgliteThreadOptions): Promise<PgliteThread> {
    const loadDataDir = options.loadDataDir
      ? new Uint8Array(await options.loadDataDir.arrayBuffer())
      : undefined;
    const pgliteWasmModule = await compiledPglite();
    const worker = new Worker(new URL('./pglite-worker.js', import.meta.url), {
      workerData: { pgdata: options.pgdata, loadDataDir, pgliteWasmModule },
      transferList: loadDataDir ? [loadDataDir.buffer] : [],
    });
    worker.ref();
    try {
      await new Promise<void>((resolve, reject) => {
        const opened = (answer: Answer) => {
          if ('ready' in answer) resolve();
          else if ('failed' in answer) reject(fromWire(answer.failed));
          else return;
          worker.off('message', opened);
          worker.off('error', reject);
        };
        worker.on('message', opened);
        worker.on('error', reject);
        worker.once('exit', (code) =>
          reject(new Error(`the embedded database's thread stopped (exit code ${code})`)),
        );
      });
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    worker.removeAllListeners('exit');
    return new PgliteThread(worker, options.onLost ?? throwUncaught);
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.run(text, params, options, undefined);
  }

  /**
   * `query` in a transaction or outside one. Not through `query`: client.ts wraps that (the
   * statement counting), and a transaction's `query` is wrapped on its own.
   */
  private run<T>(
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    transaction: number | undefined,
  ): Promise<Results<T>> {
    const parsers = options?.parsers;
    if (options?.serializers || options?.blob || options?.onNotice) {
      // Functions and blobs do not cross to the worker; nothing in the app passes them.
      return Promise.reject(new Error('PGlite in a worker takes rowMode, parsers and paramTypes'));
    }
    const wire: WireQueryOptions = {};
    if (options?.rowMode) wire.rowMode = options.rowMode;
    if (options?.paramTypes) wire.paramTypes = options.paramTypes;
    if (parsers) wire.rawTypes = Object.keys(parsers).map(Number);
    const asked = this.ask({
      op: 'query',
      text,
      params,
      options: wire,
      ...(transaction === undefined ? {} : { tx: transaction }),
    }) as Promise<Results<T>>;
    return parsers ? asked.then((result) => parsed(result, parsers)) : asked;
  }

  exec(text: string, transaction?: number): Promise<Results[]> {
    return this.ask({
      op: 'exec',
      text,
      ...(transaction === undefined ? {} : { tx: transaction }),
    }) as Promise<Results[]>;
  }

  /**
   * `work` runs with a transaction PGlite holds open in the worker until `work` settles: commit
   * when it resolves, rollback when it throws (as PGlite's own `transaction`).
   */
  async transaction<T>(work: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    // Numbered here, and its first statement sent without waiting for `begin`'s answer: the
    // worker holds that statement until PGlite has opened the transaction. A round trip less
    // per transaction, during which PGlite's lock would be held with nothing to do.
    const id = this.nextTransaction++;
    const begun = this.ask({ op: 'begin', tx: id });
    // A failed begin fails the work's statements and its end; it is awaited before a commit.
    begun.catch(() => undefined);
    let closed = false;
    const end = (commit: boolean) => {
      closed = true;
      return this.ask({ op: 'end', tx: id, commit });
    };
    const tx: ThreadTransaction = {
      query: (text, params, options) => this.run(text, params, options, id),
      exec: (text) => this.exec(text, id),
      rollback: async () => {
        await end(false);
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      // The error that ended the work is the one to see, not a failed rollback's.
      if (!closed) await end(false).catch(() => undefined);
      throw error;
    }
    if (!closed) {
      await begun;
      await end(true);
    }
    return result;
  }

  /** The prepared statement of decision 039, run in the worker (pglite-session.js `runPrepared`). */
  prepared(text: string, name: string, values: unknown[]): Promise<unknown[]> {
    return this.ask({ op: 'prepared', text, name, values }) as Promise<unknown[]>;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = this.nextListener++;
    this.notified.set(listener, callback);
    try {
      await this.ask({ op: 'listen', channel, listener });
    } catch (error) {
      this.notified.delete(listener);
      throw error;
    }
    return async () => {
      this.notified.delete(listener);
      await this.ask({ op: 'unlisten', listener });
    };
  }

  async syncToFs(): Promise<void> {
    await this.ask({ op: 'syncToFs' });
  }

  /** Closes PGlite (its files synced) and ends the thread. */
  async close(): Promise<void> {
    if (this.lost || this.closing) return;
    const closed = this.ask({ op: 'close' });
    // The thread ends after answering: not a loss.
    this.closing = true;
    try {
      await closed;
    } finally {
      await this.worker.terminate();
    }
  }

  private ask(request: Ask): Promise<unknown> {
    if (this.lost) return Promise.reject(this.lost);
    if (this.closing) return Promise.reject(new Error('the embedded database is closed'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  private receive(answer: Answer): void {
    if ('notify' in answer) {
      this.notified.get(answer.notify)?.(answer.payload);
      return;
    }
    if (!('id' in answer)) return;
    const call = this.pending.get(answer.id);
    if (!call) return;
    this.pending.delete(answer.id);
    if (this.pending.size === 0) this.worker.unref();
    if ('error' in answer) call.reject(fromWire(answer.error));
    else call.resolve(answer.value);
  }
}

/** The worker's error as an Error here, with PostgreSQL's fields (`code`, `constraint`…). */
function fromWire(wire: WireError): Error {
  const error = new Error(wire.message);
  error.name = wire.name;
  if (wire.stack) error.stack = `${wire.stack}\n    (in the embedded database's thread)`;
  return Object.assign(error, wire.fields);
}

/** The caller's parsers applied here to the columns the worker left as text. */
function parsed<T>(result: Results<T>, parsers: NonNullable<QueryOptions['parsers']>): Results<T> {
  const columns = result.fields.flatMap((field, index) => {
    const parse = parsers[field.dataTypeID];
    return parse ? [{ index, name: field.name, parse }] : [];
  });
  if (columns.length === 0) return result;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const { index, name, parse } of columns) {
      const key = Array.isArray(row) ? index : name;
      const value = row[key];
      if (typeof value === 'string') row[key] = parse(value);
    }
  }
  return result;
}

function throwUncaught(error: Error): void {
  process.nextTick(() => {
    throw error;
  });
}

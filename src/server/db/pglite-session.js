// @ts-check
/**
 * What runs next to PGlite itself, on whichever thread holds it (decision 041): the prepared
 * statement protocol (decision 039), and the answering side of the worker's messages
 * (`servePglite`, used by pglite-worker.js; the main thread's stand-in is pglite-thread.ts).
 *
 * Plain JavaScript, checked by TypeScript (`@ts-check`): a worker thread loads its file as it
 * is, from src in development and tests and from dist/server in the bundle, with no compiler.
 */
import { parse as results, protocol } from '@electric-sql/pglite';

/** @typedef {import('@electric-sql/pglite').PGlite} PGlite */
/** @typedef {import('@electric-sql/pglite').Transaction} Transaction */
/** @typedef {import('@electric-sql/pglite').QueryOptions} QueryOptions */

/**
 * Runs `text` as the named prepared statement `name`: `Parse` once per name (`parsed` remembers
 * which), then `Bind`, `Describe`, `Execute` and `Sync` in one call, under PGlite's own
 * transaction and query locks, so it never lands inside another caller's open transaction.
 * PGlite's `query` parses and plans every call; this plans once.
 *
 * @param {PGlite} client
 * @param {Set<string>} parsed
 * @param {string} text
 * @param {string} name
 * @param {unknown[]} values
 * @returns {Promise<unknown[]>}
 */
export function runPrepared(client, parsed, text, name, values) {
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      if (!parsed.has(name)) {
        await client.execProtocolStream(
          concat([protocol.serialize.parse({ name, text }), protocol.serialize.sync()]),
          { syncToFs: false },
        );
        parsed.add(name);
      }
      const messages = await client.execProtocolStream(
        concat([
          protocol.serialize.bind({ statement: name, values: values.map(asText) }),
          protocol.serialize.describe({ type: 'P' }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false },
      );
      await client.syncToFs();
      return results.parseResults(messages, client.parsers)[0]?.rows ?? [];
    }),
  );
}

/**
 * Every statement with parameters that drizzle sends (`query` on PGlite or on a transaction),
 * as a named prepared statement: `Parse` and a statement `Describe` (its parameters' types, for
 * PGlite's serializers) once per text, then `Bind`, `Describe`, `Execute` and `Sync` in one call
 * into PGlite, where PGlite's `query` makes six calls and parses and plans every time (decision
 * 039). At most `MAX_NAMED` texts get a name; past that, and for a statement without parameters,
 * PGlite's own `query`.
 */
export class NamedStatements {
  static MAX_NAMED = 500;

  /** @type {Map<string, { name: string, types: number[] }>} */
  #statements = new Map();

  /** @param {PGlite} client */
  constructor(client) {
    this.client = client;
  }

  /**
   * `query` of `on` (the PGlite, or a transaction of it: `inTransaction`), named when it can be.
   *
   * @param {PGlite | Transaction} on
   * @param {boolean} inTransaction
   * @param {string} text
   * @param {unknown[] | undefined} params
   * @param {QueryOptions | undefined} options
   * @returns {Promise<import('@electric-sql/pglite').Results>}
   */
  query(on, inTransaction, text, params, options) {
    if (
      !params ||
      params.length === 0 ||
      options?.blob ||
      (this.#statements.size >= NamedStatements.MAX_NAMED && !this.#statements.has(text))
    ) {
      return on.query(text, params, options);
    }
    const client = this.client;
    const run = () =>
      client._runExclusiveQuery(async () => {
        let statement = this.#statements.get(text);
        if (!statement) {
          const name = `agentchat_q${this.#statements.size + 1}`;
          const described = await client.execProtocolStream(
            concat([
              protocol.serialize.parse({ name, text, types: options?.paramTypes }),
              protocol.serialize.describe({ type: 'S', name }),
              protocol.serialize.sync(),
            ]),
            { syncToFs: false },
          );
          const parameters = described.find((m) => m.name === 'parameterDescription');
          statement = {
            name,
            types:
              parameters && 'dataTypeIDs' in parameters
                ? /** @type {{ dataTypeIDs: number[] }} */ (parameters).dataTypeIDs
                : [],
          };
          this.#statements.set(text, statement);
        }
        const { name, types } = statement;
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const type = /** @type {number} */ (types[i]);
          const serialize = options?.serializers?.[type] ?? client.serializers[type];
          return serialize ? serialize(value) : String(value);
        });
        const messages = await client.execProtocolStream(
          concat([
            protocol.serialize.bind({ statement: name, values }),
            protocol.serialize.describe({ type: 'P' }),
            protocol.serialize.execute({}),
            protocol.serialize.sync(),
          ]),
          { syncToFs: false },
        );
        if (!inTransaction) await client.syncToFs();
        return /** @type {import('@electric-sql/pglite').Results} */ (
          results.parseResults(messages, ...withParsers(client, options))[0] ?? {
            rows: [],
            fields: [],
          }
        );
      });
    // Outside a transaction, PGlite's transaction lock first, as its own `query` takes it: the
    // statement waits for a transaction under way instead of landing inside it.
    return inTransaction ? run() : client._runExclusiveTransaction(run);
  }
}

/**
 * PGlite's parsers with the query's own (drizzle passes a few with every query) in front, and
 * the options without them. PGlite's `parseResults` copies all its parsers into a new object
 * for each query that brings its own (one per type and array type: about 8 % of the app's time
 * under order-load); a prototype chain does the same lookup without the copy.
 *
 * @param {PGlite} client
 * @param {QueryOptions | undefined} options
 * @returns {[PGlite['parsers'], QueryOptions | undefined]}
 */
function withParsers(client, options) {
  if (!options?.parsers) return [client.parsers, options];
  const { parsers, ...rest } = options;
  return [Object.assign(Object.create(client.parsers), parsers), rest];
}

/**
 * A bound value as PostgreSQL's text input: every parameter's type comes from the statement.
 *
 * @param {unknown} value
 * @returns {string | null}
 */
function asText(value) {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * @param {Uint8Array[]} parts
 * @returns {Uint8Array}
 */
function concat(parts) {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * The requests the main thread's stand-in sends (pglite-thread.ts), each with an `id` its answer
 * carries back: `{ id, value }` or `{ id, error }`. Notifications come unasked, as
 * `{ notify, payload }` with the listener's number.
 *
 * @typedef {{ rowMode?: 'array' | 'object', paramTypes?: number[], rawTypes?: number[] }} WireQueryOptions
 * @typedef {(
 *   | { op: 'query', text: string, params: unknown[] | undefined, options: WireQueryOptions, tx?: number }
 *   | { op: 'exec', text: string, tx?: number }
 *   | { op: 'begin', tx: number }
 *   | { op: 'end', tx: number, commit: boolean }
 *   | { op: 'prepared', text: string, name: string, values: unknown[] }
 *   | { op: 'listen', channel: string, listener: number }
 *   | { op: 'unlisten', listener: number }
 *   | { op: 'syncToFs' }
 *   | { op: 'close' }
 * ) & { id: number }} Request
 * @typedef {{ message: string, name: string, stack: string | undefined, fields: Record<string, string | number | boolean> }} WireError
 */

/** A rollback asked for by the main thread: thrown inside PGlite's transaction to end it. */
const ROLLBACK = Symbol('rollback');

/**
 * An error as data: the message, name, stack and the plain fields (PostgreSQL's `code`,
 * `constraint`, `detail`…). PGlite's errors also carry the query's options, functions that
 * cannot cross threads.
 *
 * @param {unknown} error
 * @returns {WireError}
 */
export function errorToWire(error) {
  if (!(error instanceof Error)) {
    return { message: String(error), name: 'Error', stack: undefined, fields: {} };
  }
  /** @type {Record<string, string | number | boolean>} */
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      fields[key] = value;
    }
  }
  return { message: error.message, name: error.name, stack: error.stack, fields };
}

/**
 * Parsers that hand back PostgreSQL's text for `types`: the main thread applies its own parser
 * functions to those columns (functions do not cross threads).
 *
 * @param {number[] | undefined} types
 * @returns {QueryOptions['parsers']}
 */
function textFor(types) {
  if (!types || types.length === 0) return undefined;
  /** @type {Record<number, (value: string) => string>} */
  const parsers = {};
  for (const type of types) parsers[type] = (value) => value;
  return parsers;
}

/**
 * Answers the stand-in's requests on `port` with `client`, each as soon as PGlite answers it
 * (PGlite's own locks order them): a transaction stays open in PGlite until the main thread
 * ends it, and PGlite keeps every other statement out meanwhile.
 *
 * @param {import('node:worker_threads').MessagePort} port
 * @param {PGlite} client
 * @param {() => void} closed called after `close` has been answered
 */
export function servePglite(port, client, closed) {
  /**
   * The transactions the main thread has begun, by the number it gave them. Each is here from
   * the moment its `begin` arrives: the main thread sends its first statement without waiting
   * for the answer, and a statement or `end` for it waits until PGlite has opened it (`open`).
   *
   * @type {Map<number, { open: Promise<Transaction>, end: (commit: boolean) => void, settled: Promise<unknown> }>}
   */
  const transactions = new Map();
  /** @type {Map<number, () => Promise<void>>} */
  const listeners = new Map();
  const parsed = new Set();
  const named = new NamedStatements(client);

  /**
   * @param {number | undefined} id
   * @returns {Promise<PGlite | Transaction>}
   */
  const on = async (id) => {
    if (id === undefined) return client;
    const begun = transactions.get(id);
    if (!begun) throw new Error(`transaction ${id} is not open`);
    return begun.open;
  };

  /**
   * @param {Request} request
   * @returns {Promise<unknown>}
   */
  const answer = async (request) => {
    switch (request.op) {
      case 'query': {
        const { rowMode, paramTypes, rawTypes } = request.options;
        /** @type {QueryOptions} */
        const options = {};
        if (rowMode) options.rowMode = rowMode;
        if (paramTypes) options.paramTypes = paramTypes;
        const parsers = textFor(rawTypes);
        if (parsers) options.parsers = parsers;
        const result = await named.query(
          await on(request.tx),
          request.tx !== undefined,
          request.text,
          request.params,
          options,
        );
        return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
      }
      case 'exec': {
        const list = await (await on(request.tx)).exec(request.text);
        return list.map((result) => ({
          rows: result.rows,
          fields: result.fields,
          affectedRows: result.affectedRows,
        }));
      }
      case 'begin': {
        /** @type {{ resolve: (tx: Transaction) => void, reject: (error: unknown) => void }} */
        let opened = { resolve: () => undefined, reject: () => undefined };
        /** @type {Promise<Transaction>} */
        const open = new Promise((resolve, reject) => {
          opened = { resolve, reject };
        });
        /** @type {(commit: boolean) => void} */
        let end = () => undefined;
        /** @type {Promise<boolean>} */
        const ended = new Promise((resolve) => {
          end = resolve;
        });
        const settled = client.transaction(async (tx) => {
          opened.resolve(tx);
          if (!(await ended)) throw ROLLBACK;
        });
        // Failed before it opened (once open, this does nothing): its statements and end say so.
        settled.catch(opened.reject);
        transactions.set(request.tx, { open, end, settled });
        await open;
        return null;
      }
      case 'end': {
        const begun = transactions.get(request.tx);
        if (!begun) throw new Error(`transaction ${request.tx} is not open`);
        transactions.delete(request.tx);
        await begun.open;
        begun.end(request.commit);
        try {
          await begun.settled;
        } catch (error) {
          if (error !== ROLLBACK) throw error;
        }
        return null;
      }
      case 'prepared':
        return runPrepared(client, parsed, request.text, request.name, request.values);
      case 'listen': {
        const listener = request.listener;
        listeners.set(
          listener,
          await client.listen(request.channel, (payload) =>
            port.postMessage({ notify: listener, payload }),
          ),
        );
        return null;
      }
      case 'unlisten': {
        const unlisten = listeners.get(request.listener);
        listeners.delete(request.listener);
        await unlisten?.();
        return null;
      }
      case 'syncToFs':
        await client.syncToFs();
        return null;
      case 'close':
        await client.close();
        return null;
    }
  };

  port.on('message', (/** @type {Request} */ request) => {
    answer(request).then(
      (value) => {
        port.postMessage({ id: request.id, value });
        if (request.op === 'close') closed();
      },
      (/** @type {unknown} */ error) =>
        port.postMessage({ id: request.id, error: errorToWire(error) }),
    );
  });
}

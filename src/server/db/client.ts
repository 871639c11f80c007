import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { acquireDirLock, type DirLock } from './lock';
import { rows } from './raw';
import { NamedStatements, runPrepared } from './pglite-session.js';
import { DEFAULT_PGLITE_THREAD, type PgliteThreadKind } from '../config';
import { PgliteThread } from './pglite-thread';
import { PgliteNotifications, PostgresNotifications, type Notifications } from './notifications';
import { QueryTiming, type QueryObserver, type StatementListener } from './query-timing';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** The connection string, for connections of their own (LISTEN); undefined on PGlite. */
  url: string | undefined;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** A listener for the database's NOTIFY messages (one per app instance). */
  notifications(logger: FastifyBaseLogger): Notifications;
  /** The connection pool's use now (PostgreSQL); PGlite has no pool (one in-process connection). */
  poolStats?(): PoolStats;
  /** Tells `observer` the time of every query `db` runs (platform/metrics); one observer. */
  observeQueries(observer: QueryObserver): void;
  /**
   * Tells `listener` of every statement `db` sends, a transaction's begin and commit included
   * (tests count round trips with it); returns the unsubscribe.
   */
  watchStatements(listener: StatementListener): () => void;
  /**
   * Runs one statement, outside any transaction, as a named prepared statement: the database
   * parses and plans its text once per connection, then only binds and executes it. For hot
   * paths whose text repeats (every value a parameter); rows as the driver gives them.
   */
  prepared<T>(query: SQL): Promise<T[]>;
}

export interface PoolStats {
  /** The most connections the pool opens. */
  max: number;
  /** Connections open now, in use or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection: every connection is in use. */
  waiting: number;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /**
   * dataDir undefined: an in-memory database (tests), empty or loaded from `loadDataDir`, a
   * dump of another PGlite's data folder (`dumpDataDir`).
   */
  | {
      kind: 'pglite';
      dataDir: string | undefined;
      loadDataDir?: Blob;
      /** Where PGlite runs (decision 041); `DEFAULT_PGLITE_THREAD` when not given. */
      thread?: PgliteThreadKind;
      /** With `thread: 'worker'`: the worker stopped unasked (pglite-thread.ts); tests only. */
      onLost?: (error: Error) => void;
    };

/**
 * PGlite as client.ts and drizzle's pglite driver drive it, on its thread: the PGlite itself on
 * the main thread, or its stand-in (pglite-thread.ts) with PGlite in a worker.
 */
interface PgliteClient {
  client: PGlite;
  runPrepared(text: string, name: string, values: unknown[]): Promise<unknown[]>;
}

async function openPglite(
  options: Extract<DatabaseOptions, { kind: 'pglite' }>,
): Promise<PgliteClient> {
  if ((options.thread ?? DEFAULT_PGLITE_THREAD) === 'worker') {
    const thread = await PgliteThread.open({
      ...options,
      pgdata: options.dataDir && path.join(options.dataDir, 'pgdata'),
    });
    return {
      // The stand-in has what drizzle's pglite session and this file call on a PGlite (query,
      // transaction, listen, close), not the rest of PGlite's surface.
      client: thread as unknown as PGlite,
      runPrepared: (text, name, values) => thread.prepared(text, name, values),
    };
  }
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: path.join(options.dataDir, 'pgdata') } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  // drizzle's statements with parameters, named (pglite-session.js): on PGlite and on each of
  // its transactions. The worker does the same on its side (servePglite).
  const named = new NamedStatements(client);
  const query = client.query.bind(client);
  client.query = ((text, params, queryOptions) =>
    named.query({ query } as PGlite, false, text, params, queryOptions)) as typeof client.query;
  const transaction = client.transaction.bind(client);
  client.transaction = ((work: Parameters<typeof transaction>[0]) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = ((text, params, queryOptions) =>
        named.query(
          { query: txQuery } as Transaction,
          true,
          text,
          params,
          queryOptions,
        )) as typeof tx.query;
      return work(tx);
    })) as typeof client.transaction;
  const parsed = new Set<string>();
  return {
    client,
    runPrepared: (text, name, values) => runPrepared(client, parsed, text, name, values),
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const max = options.poolSize ?? 10;
    const pool = new pg.Pool({
      connectionString: options.url,
      max,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      // A server that stops answering must not hold requests forever: they fail, and the
      // error handler answers 503.
      query_timeout: 15_000,
    });
    // An idle client that loses its server emits 'error'; the pool drops it and makes a new one.
    pool.on('error', () => undefined);
    // Every query runs on one of the pool's clients (pool.query too): each is timed there, so the
    // figure leaves out the wait for a free connection (agentchat_db_pool_connections shows that).
    const timing = new QueryTiming();
    const names = new StatementNames();
    pool.on('connect', (client) => {
      client.query = timing.wrap(named(names, client.query.bind(client))) as typeof client.query;
      // A client checked out of the pool (a transaction between two queries) has no listener of
      // the pool's: its 'error' when the server goes away would end the process. The query or
      // transaction using it fails on its own; the pool drops the client when it is released.
      client.on('error', () => undefined);
    });
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      url: options.url,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
      notifications: (logger) => new PostgresNotifications(options.url, logger),
      observeQueries: (observer) => timing.observe(observer),
      watchStatements: (listener) => timing.listen(listener),
      prepared: async <T>(query: SQL) => {
        const { sql: text, params } = dialect.sqlToQuery(query);
        const name = names.of(text);
        const result = await pool.query({ text, values: params, ...(name ? { name } : {}) });
        return result.rows as T[];
      },
      poolStats: () => ({
        max,
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
    };
  }

  let lock: DirLock | undefined;
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    // One lock per process (its pid), whichever thread PGlite runs on: taken here, released
    // after PGlite has closed.
    lock = acquireDirLock(options.dataDir);
  }
  let opened: PgliteClient;
  try {
    opened = await openPglite(options);
  } catch (error) {
    lock?.release();
    throw error;
  }
  const { client, runPrepared: prepare } = opened;
  // drizzle runs queries through `query`, on the client or on a transaction's own object.
  const timing = new QueryTiming();
  client.query = timing.wrap(client.query.bind(client)) as typeof client.query;
  const transaction = client.transaction.bind(client);
  // PGlite sends a transaction's begin and its end itself: told to the listeners here.
  client.transaction = (async (work: Parameters<typeof transaction>[0]) => {
    timing.sent('begin');
    try {
      const result = await transaction((tx) => {
        tx.query = timing.wrap(tx.query.bind(tx)) as typeof tx.query;
        return work(tx);
      });
      timing.sent('commit');
      return result;
    } catch (error) {
      timing.sent('rollback');
      throw error;
    }
  }) as typeof client.transaction;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const names = new StatementNames();
  // PGlite's `query` parses and plans every call; a named statement is parsed once, then bound
  // and executed in one call (pglite-session.js `runPrepared`).
  const runPrepared = timing.wrap(prepare);
  return {
    kind: 'pglite',
    db,
    url: undefined,
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      await client.close();
      lock?.release();
    },
    notifications: () => new PgliteNotifications(client),
    observeQueries: (observer) => timing.observe(observer),
    watchStatements: (listener) => timing.listen(listener),
    prepared: async <T>(query: SQL) => {
      const { sql: text, params } = dialect.sqlToQuery(query);
      const name = names.of(text);
      if (!name) return rows<T>(db, query);
      return (await runPrepared(text, name, params)) as T[];
    },
  };
}

const dialect = new PgDialect();

/**
 * pg's `query` with every statement that has parameters (drizzle's, every value bound) sent as
 * a named prepared statement: PostgreSQL parses it once per connection, and after five runs
 * may keep a generic plan, instead of parsing and planning each call (about 1.6 of a request's
 * 3.8 ms of server CPU was planning, bench/README.md). A statement without parameters (a
 * migration, `begin`, a raw script of several statements) goes as it came.
 */
function named<Args extends unknown[], Result>(
  names: StatementNames,
  query: (...args: Args) => Result,
): (...args: Args) => Result {
  return (...args: Args): Result => {
    const [config, values] = args;
    if (
      typeof config === 'object' &&
      config !== null &&
      'text' in config &&
      typeof config.text === 'string' &&
      !('name' in config && config.name) &&
      Array.isArray(values) &&
      values.length > 0
    ) {
      const name = names.of(config.text);
      // A copy: drizzle keeps its config object for the query's next run.
      if (name) args[0] = { ...config, name } as Args[0];
    }
    return query(...args);
  };
}

/**
 * Names for prepared statements, one per distinct text. Past MAX_PREPARED texts (a caller whose
 * text varies) statements run unnamed: a connection keeps each prepared statement until it ends.
 */
class StatementNames {
  private static readonly MAX_PREPARED = 500;
  private readonly names = new Map<string, string>();

  of(text: string): string | undefined {
    let name = this.names.get(text);
    if (name === undefined && this.names.size < StatementNames.MAX_PREPARED) {
      name = `agentchat_${this.names.size + 1}`;
      this.names.set(text, name);
    }
    return name;
  }
}

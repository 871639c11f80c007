/** Told of each query the app's database client ran: its time in seconds, and whether it failed. */
export type QueryObserver = (seconds: number, failed: boolean) => void;

/**
 * Told of each statement the app sends its database, as it is sent: its text (a transaction's
 * `begin` and `commit` included, on both drivers). Tests count round trips with it.
 */
export type StatementListener = (text: string) => void;

/**
 * Times the queries of one database client (client.ts wraps its drivers' `query` with `wrap`)
 * for platform/metrics. Until someone observes or listens, a wrapped query costs two property
 * reads; then two clock reads and the observer's call (measured in bench/suites/db-query.ts).
 */
export class QueryTiming {
  private observer: QueryObserver | undefined;
  private readonly listeners = new Set<StatementListener>();

  observe(observer: QueryObserver): void {
    this.observer = observer;
  }

  /** Tells `listener` of every statement from now on; returns the unsubscribe. */
  listen(listener: StatementListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells the listeners of a statement the driver sends by itself (PGlite's `begin`). */
  sent(text: string): void {
    for (const listener of this.listeners) listener(text);
  }

  /**
   * `query` timed: promise-returning calls until they settle, callback calls (pg's pool.query
   * uses one) until the callback. Anything else (a pg Submittable, a stream) passes untimed.
   */
  wrap<Args extends unknown[], Result>(
    query: (...args: Args) => Result,
  ): (...args: Args) => Result {
    return (...args: Args): Result => {
      if (this.listeners.size > 0) this.sent(statementText(args[0]));
      const observer = this.observer;
      if (!observer) return query(...args);
      const started = performance.now();
      const done = (failed: boolean) => observer((performance.now() - started) / 1000, failed);
      const last = args.at(-1);
      if (typeof last === 'function') {
        const callback = last as (error: unknown, ...rest: unknown[]) => void;
        args[args.length - 1] = (error: unknown, ...rest: unknown[]) => {
          done(Boolean(error));
          callback(error, ...rest);
        };
        return query(...args);
      }
      const result = query(...args);
      if (result instanceof Promise) {
        result.then(
          () => done(false),
          () => done(true),
        );
      }
      return result;
    };
  }
}

/** A query's text: pg takes a string or a config object with `text`; PGlite a string. */
function statementText(query: unknown): string {
  if (typeof query === 'string') return query;
  const text = (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
}

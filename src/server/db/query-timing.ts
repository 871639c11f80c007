/** Told of each query the app's database client ran: its time in seconds, and whether it failed. */
export type QueryObserver = (seconds: number, failed: boolean) => void;

/**
 * Times the queries of one database client (client.ts wraps its drivers' `query` with `wrap`)
 * for platform/metrics. Until someone observes, a wrapped query costs one property read; then
 * two clock reads and the observer's call (measured in bench/suites/db-query.ts).
 */
export class QueryTiming {
  private observer: QueryObserver | undefined;

  observe(observer: QueryObserver): void {
    this.observer = observer;
  }

  /**
   * `query` timed: promise-returning calls until they settle, callback calls (pg's pool.query
   * uses one) until the callback. Anything else (a pg Submittable, a stream) passes untimed.
   */
  wrap<Args extends unknown[], Result>(
    query: (...args: Args) => Result,
  ): (...args: Args) => Result {
    return (...args: Args): Result => {
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

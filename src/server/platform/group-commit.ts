/** What `GroupCommit` needs of the work it groups. */
export interface Grouping<I, R> {
  /** Items with one key never share a statement, nor overlap: each waits for the one before. */
  key(item: I): unknown;
  /**
   * One statement for `items` (distinct keys, in queue order); an answer per item, in order, or
   * `ALONE` for an item the statement left undone: the others are answered at once, and it runs
   * again in a statement of its own, with `alone` set, beside the next shared one.
   * With `alone` set, the statement must do its one item, waiting if it has to.
   */
  run(items: readonly I[], alone: boolean): Promise<(R | typeof ALONE)[]>;
}

/** An item a shared statement left undone, to run in a statement of its own (`Grouping.run`). */
export const ALONE: unique symbol = Symbol('alone');

interface Waiting<I, R> {
  item: I;
  resolve(result: R): void;
  reject(error: unknown): void;
}

/**
 * Work that one statement can do for several callers at once (decision 043). While the group's
 * statement is in flight, callers queue; when it answers, the next statement takes up to
 * `maxItems` of the queue, oldest first, never two with the same key and never one whose key is
 * still in flight: items with one key are written in the order they came. Nobody waits while the
 * database is free: an item that arrives when no statement is in flight runs alone at once. The
 * busier the database, the more each statement carries.
 */
export class GroupCommit<I, R> {
  private queue: Waiting<I, R>[] = [];
  private inFlight = false;
  /** The keys of the statements in flight. */
  private readonly busy = new Set<unknown>();

  constructor(
    private readonly group: Grouping<I, R>,
    /** The most items one statement carries. */
    private readonly maxItems = 64,
  ) {}

  submit(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    if (this.inFlight || this.queue.length === 0) return;
    const batch = this.take();
    if (batch.length === 0) return;
    for (const waiting of batch) this.busy.add(this.group.key(waiting.item));
    this.inFlight = true;
    void this.run(batch).then((left) => {
      this.inFlight = false;
      const undone = new Set(left);
      for (const waiting of batch)
        if (!undone.has(waiting)) this.busy.delete(this.group.key(waiting.item));
      this.next();
      // What the statement left runs alone, outside the statement in flight: it may wait for what
      // another transaction holds, and the queue goes on meanwhile (its key stays busy).
      for (const waiting of left)
        void this.alone(waiting).then(() => {
          this.busy.delete(this.group.key(waiting.item));
          this.next();
        });
    });
  }

  /**
   * The oldest queued items with distinct keys none of which is in flight, up to `maxItems`;
   * the rest stay in order.
   */
  private take(): Waiting<I, R>[] {
    const keys = new Set<unknown>(this.busy);
    const batch: Waiting<I, R>[] = [];
    const left: Waiting<I, R>[] = [];
    for (const waiting of this.queue) {
      const key = this.group.key(waiting.item);
      if (batch.length < this.maxItems && !keys.has(key)) {
        keys.add(key);
        batch.push(waiting);
      } else {
        left.push(waiting);
      }
    }
    this.queue = left;
    return batch;
  }

  /** Runs `batch`'s statement and answers its items; returns those it left to run alone. */
  private async run(batch: readonly Waiting<I, R>[]): Promise<Waiting<I, R>[]> {
    let results: (R | typeof ALONE)[];
    try {
      results = await this.group.run(
        batch.map((waiting) => waiting.item),
        false,
      );
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return [];
      }
      // A failed statement wrote nothing. One item's fault must not fail the others, so each
      // goes again alone, and gets its own answer or its own error.
      for (const waiting of batch) await this.alone(waiting);
      return [];
    }
    const left: Waiting<I, R>[] = [];
    batch.forEach((waiting, i) => {
      const result = results[i] as R | typeof ALONE;
      if (result === ALONE) left.push(waiting);
      else waiting.resolve(result);
    });
    return left;
  }

  /** `waiting`'s item in a statement of its own; never rejects (the item's promise does). */
  private async alone(waiting: Waiting<I, R>): Promise<void> {
    try {
      const [result] = await this.group.run([waiting.item], true);
      if (result === ALONE) throw new Error('An item run alone was left undone');
      waiting.resolve(result as R);
    } catch (error) {
      waiting.reject(error);
    }
  }
}

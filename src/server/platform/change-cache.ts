import type { Notifications } from '../db/notifications';

/** The channel of drizzle/0003_change_notifications.sql; payloads name what changed. */
export const CHANGES_CHANNEL = 'agentchat_changes';
export type ChangedTables = 'users' | 'auth' | 'chats' | 'push';

/**
 * Answers read from the database, kept in this process until the database says the tables
 * behind them changed (a NOTIFY from a trigger, so every writer is covered, on every instance).
 *
 * - A value is kept only if no change was heard while it was being read: a read that raced a
 *   change is answered but not kept.
 * - Readers that ask for the same key while it is being read share that read (one query for a
 *   crowd of agents reconnecting at once), unless a change came in since it began.
 * - While the notifications are not live (their connection is being made again) nothing is
 *   served from memory, and everything is forgotten when they come back.
 * - `ttlMs` bounds how long a value lives even if a notification were lost.
 */
export class ChangeCache<V> {
  private readonly values = new Map<string, { value: V; at: number }>();
  private readonly reads = new Map<string, Promise<V>>();
  private generation = 0;

  constructor(
    private readonly notifications: Pick<Notifications, 'live'>,
    private readonly options: {
      ttlMs: number;
      maxEntries: number;
      /** Whether a value read may be kept (an unknown cookie is not). */
      keep?: (value: V) => boolean;
      now?: () => number;
    },
  ) {}

  /** Forgets every value and every read in flight. */
  clear(): void {
    this.generation++;
    this.values.clear();
    this.reads.clear();
  }

  get size(): number {
    return this.values.size;
  }

  /** The kept value for `key` if `fresh` accepts it, else what `read` gives (kept if it may be). */
  get(key: string, read: () => Promise<V>, fresh: (value: V) => boolean = () => true): Promise<V> {
    if (!this.notifications.live) return read();
    const now = this.now();
    const kept = this.values.get(key);
    if (kept && now - kept.at < this.options.ttlMs && fresh(kept.value))
      return Promise.resolve(kept.value);
    const inFlight = this.reads.get(key);
    if (inFlight) return inFlight;

    const generation = this.generation;
    const reading = read().then(
      (value) => {
        if (this.reads.get(key) === reading) this.reads.delete(key);
        const keep = this.options.keep?.(value) ?? true;
        if (keep && generation === this.generation && this.notifications.live) {
          if (this.values.size >= this.options.maxEntries) this.values.clear();
          this.values.set(key, { value, at: now });
        }
        return value;
      },
      (error: unknown) => {
        if (this.reads.get(key) === reading) this.reads.delete(key);
        throw error;
      },
    );
    this.reads.set(key, reading);
    return reading;
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /**
   * Forgets everything when any of `tables` changes, and when the notifications are lost or
   * come back (changes may have been missed).
   */
  clearOn(notifications: Notifications, tables: readonly ChangedTables[]): this {
    notifications.on(CHANGES_CHANNEL, (payload) => {
      if ((tables as readonly string[]).includes(payload)) this.clear();
    });
    notifications.onLive(() => this.clear());
    return this;
  }
}

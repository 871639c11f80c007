import { useSyncExternalStore } from 'react';

/** What a screen sees: the last answer, whether none has come yet, whether the last try failed. */
export interface PolledState<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
}

/** Before the first answer. */
const PENDING = { data: undefined, isPending: true, isError: false } as const;

/**
 * One public resource the landing page shows (market prices, published rates), fetched while
 * any component shows it and refreshed every `refreshMs`. Not a TanStack query on purpose: the
 * landing page would load the query library for it (decision 004). A failed refresh keeps the
 * last answer and sets isError; the next tick tries again.
 *
 * `initial` is what the server rendered the page with (decision 005): the browser's first
 * render must match it, so it is the server snapshot too, and it counts as fresh.
 */
export class PolledStore<T> {
  private state: PolledState<T>;
  private readonly serverState: PolledState<T>;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private inFlight: Promise<void> | undefined;
  private fetchedAt = -Infinity;

  constructor(
    private readonly fetchData: () => Promise<T>,
    private readonly refreshMs: number,
    initial?: T,
  ) {
    this.serverState =
      initial === undefined ? PENDING : { data: initial, isPending: false, isError: false };
    this.state = this.serverState;
    if (initial !== undefined) this.fetchedAt = Date.now();
  }

  readonly getSnapshot = (): PolledState<T> => this.state;

  /** What the server rendered: what the browser's first render must match. */
  readonly getServerSnapshot = (): PolledState<T> => this.serverState;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.start();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  };

  /** Fetches now unless a fetch is already under way. */
  refresh(): Promise<void> {
    this.inFlight ??= this.fetchData()
      .then(
        (data) => this.set({ data, isPending: false, isError: false }),
        () => this.set({ data: this.state.data, isPending: false, isError: true }),
      )
      .finally(() => {
        this.fetchedAt = Date.now();
        this.inFlight = undefined;
      });
    return this.inFlight;
  }

  private start(): void {
    // A screen shown again within the refresh period reuses what it has (StrictMode remounts too).
    if (Date.now() - this.fetchedAt >= this.refreshMs) void this.refresh();
    this.timer = setInterval(() => void this.refresh(), this.refreshMs);
  }

  private stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private set(state: PolledState<T>): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}

/** The store's state, rendering again when it changes. */
export function usePolledStore<T>(store: PolledStore<T>): PolledState<T> {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
}

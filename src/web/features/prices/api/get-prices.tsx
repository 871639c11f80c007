import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { Price } from '../../../../shared/api/prices';
import { apiGet } from '../../../lib/api-client';

/** The spec's market price refresh. */
export const PRICE_REFRESH_MS = 120_000;

/**
 * Prices from our own server (it fetches the price service); [] means none are known yet.
 * The contract (and zod with it) loads alongside the request, off the landing's first load.
 */
export function getPrices(signal?: AbortSignal): Promise<Price[]> {
  const schema = import('../../../../shared/api/prices').then((m) => m.pricesResponseSchema);
  return apiGet('/api/prices', schema, { signal });
}

/** What a screen sees: the last prices fetched, whether none have come yet, whether the last try failed. */
export interface PricesState {
  data: Price[] | undefined;
  isPending: boolean;
  isError: boolean;
}

/** Before the first answer; also what the server renders the landing page with. */
const PENDING: PricesState = { data: undefined, isPending: true, isError: false };

/**
 * The app's one copy of the market prices, fetched while any screen shows them and refreshed
 * every PRICE_REFRESH_MS. Not a TanStack query on purpose: the landing page shows prices on its
 * first load and TanStack Query would add ~10 kB gzipped to it (decision 004). A failed refresh
 * keeps the last prices and sets isError; the next tick tries again.
 */
export class PricesStore {
  private state: PricesState = PENDING;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private inFlight: Promise<void> | undefined;
  private fetchedAt = -Infinity;

  constructor(
    private readonly fetchPrices: () => Promise<Price[]> = () => getPrices(),
    private readonly refreshMs: number = PRICE_REFRESH_MS,
  ) {}

  readonly getSnapshot = (): PricesState => this.state;

  /** What the server rendered (no prices yet): what the browser's first render must match. */
  readonly getServerSnapshot = (): PricesState => PENDING;

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
    this.inFlight ??= this.fetchPrices()
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

  private set(state: PricesState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}

const PricesContext = createContext<PricesStore | null>(null);

/** One price store for everything below it (the app root; each test render gets its own). */
export function PricesProvider({ children, store }: { children: ReactNode; store?: PricesStore }) {
  const [own] = useState(() => store ?? new PricesStore());
  return <PricesContext value={own}>{children}</PricesContext>;
}

export function usePrices(): PricesState {
  const store = useContext(PricesContext);
  if (!store) throw new Error('usePrices needs a <PricesProvider> above it');
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
}

import type {
  AddressReader,
  AddressReading,
  DepositReader,
  DepositReading,
  TipReading,
} from './deposit-reading';

/** What one reader's reads came to since this instance started (platform/metrics shows it). */
export interface ReaderHealth {
  /**
   * Reads by outcome: found, not_found (the chain does not know it yet), unknown (no answer).
   * An address's list (BTC) and the chain's tip count as found or unknown.
   */
  reads: Record<DepositReading['kind'], number>;
  /** The last read the chain answered (found or not_found); null until one did. */
  lastSuccessAt: Date | null;
  /** The last read it did not answer, and why; null until one failed. */
  lastFailure: { at: Date; reason: string } | null;
}

/**
 * A reader that counts its reads' outcomes; it reads through `reader`, unchanged. It lists an
 * address's transactions exactly when `reader` does (the watcher asks only such readers).
 */
export class WatchedReader implements DepositReader, Partial<AddressReader> {
  private readonly state: ReaderHealth = {
    reads: { found: 0, not_found: 0, unknown: 0 },
    lastSuccessAt: null,
    lastFailure: null,
  };

  readonly transactionsTo?: (address: string) => Promise<AddressReading>;

  constructor(private readonly reader: DepositReader & Partial<AddressReader>) {
    const list = reader.transactionsTo?.bind(reader);
    if (list) {
      this.transactionsTo = async (address) => this.count(await list(address));
    }
  }

  async read(txHash: string): Promise<DepositReading> {
    return this.count(await this.reader.read(txHash));
  }

  async tip(): Promise<TipReading> {
    return this.count(await this.reader.tip());
  }

  health(): ReaderHealth {
    return structuredClone(this.state);
  }

  private count<R extends DepositReading | AddressReading | TipReading>(reading: R): R {
    this.state.reads[reading.kind]++;
    if (reading.kind === 'unknown') {
      this.state.lastFailure = { at: new Date(), reason: reading.reason };
    } else {
      this.state.lastSuccessAt = new Date();
    }
    return reading;
  }
}

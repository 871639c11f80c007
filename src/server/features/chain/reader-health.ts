import type { DepositReader, DepositReading } from './deposit-reading';

/** What one reader's reads came to since this instance started (platform/metrics shows it). */
export interface ReaderHealth {
  /** Reads by outcome: found, not_found (the chain does not know it yet), unknown (no answer). */
  reads: Record<DepositReading['kind'], number>;
  /** The last read the chain answered (found or not_found); null until one did. */
  lastSuccessAt: Date | null;
  /** The last read it did not answer, and why; null until one failed. */
  lastFailure: { at: Date; reason: string } | null;
}

/** A reader that counts its reads' outcomes; it reads through `reader`, unchanged. */
export class WatchedReader implements DepositReader {
  private readonly state: ReaderHealth = {
    reads: { found: 0, not_found: 0, unknown: 0 },
    lastSuccessAt: null,
    lastFailure: null,
  };

  constructor(private readonly reader: DepositReader) {}

  async read(txHash: string): Promise<DepositReading> {
    const reading = await this.reader.read(txHash);
    this.state.reads[reading.kind]++;
    if (reading.kind === 'unknown') {
      this.state.lastFailure = { at: new Date(), reason: reading.reason };
    } else {
      this.state.lastSuccessAt = new Date();
    }
    return reading;
  }

  health(): ReaderHealth {
    return structuredClone(this.state);
  }
}

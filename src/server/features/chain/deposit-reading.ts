/**
 * What a chain reader says about one transaction, as the deposit check needs it. `unknown`: the
 * reader could not tell (timed out, refused, answered garbage); the order shows "checking…" and
 * nothing is decided on it, never a false "confirmed".
 */
export type DepositReading =
  | { kind: 'unknown'; reason: string }
  /** The chain does not know the transaction (yet): a 404. */
  | { kind: 'not_found' }
  | {
      kind: 'found';
      /** Every output (BTC) or token transfer (TRC20): the address and the amount in base units. */
      outputs: { address: string; amountBaseUnits: bigint }[];
      /** 0 while unconfirmed; tip - block + 1 once in a block. */
      confirmations: number;
      blockHeight: number | null;
      /** The block's time, once in a block. */
      blockTime: Date | null;
    };

/** The chain's latest block: its height, and its time when the chain gives it (TRON). */
export type TipReading =
  { kind: 'unknown'; reason: string } | { kind: 'found'; height: number; blockTime: Date | null };

/**
 * Reads one transaction of its chain, and the chain's tip. Never throws; never called inside a
 * database transaction.
 */
export interface DepositReader {
  read(txHash: string): Promise<DepositReading>;
  tip(): Promise<TipReading>;
}

/** A transaction paying an address, as the address's list gives it. */
export interface AddressTransaction {
  txHash: string;
  outputs: { address: string; amountBaseUnits: bigint }[];
  /** Its block's time; null while in the mempool (seen now). */
  blockTime: Date | null;
  /** Its block's height; null while in the mempool. */
  blockHeight: number | null;
}

/** What a chain reader says about the transactions paying one address. */
export type AddressReading =
  { kind: 'unknown'; reason: string } | { kind: 'found'; transactions: AddressTransaction[] };

/**
 * Lists the latest transactions paying an address (BTC: the desk address receives a deposit
 * the customer gave no tx hash for). Never throws; never called inside a database transaction.
 */
export interface AddressReader {
  transactionsTo(address: string): Promise<AddressReading>;
}

/** Retries and timeouts, the same for every reader; tests shorten them. */
export interface ReaderTiming {
  /** Per request (5 s). */
  timeoutMs: number;
  /** Attempts per request, the first included (3). */
  attempts: number;
  /** The wait before the 2nd attempt, doubled before each next one (250 ms). */
  backoffMs: number;
}

export const DEFAULT_READER_TIMING: ReaderTiming = {
  timeoutMs: 5_000,
  attempts: 3,
  backoffMs: 250,
};

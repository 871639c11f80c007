import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  DEFAULT_READER_TIMING,
  type AddressReader,
  type AddressReading,
  type DepositReader,
  type DepositReading,
  type ReaderTiming,
  type TipReading,
} from './deposit-reading';
import { getWithRetries } from './http-json';

/** Esplora's `GET /tx/:txid`, the fields the deposit check reads; anything else is garbage. */
const esploraTxSchema = z.object({
  txid: z.string(),
  vout: z.array(
    z.object({
      // Absent for outputs without an address (OP_RETURN).
      scriptpubkey_address: z.string().optional(),
      value: z.number().int().nonnegative(),
    }),
  ),
  status: z.object({
    confirmed: z.boolean(),
    block_height: z.number().int().nonnegative().optional(),
    block_time: z.number().int().nonnegative().optional(),
  }),
});

/** The outputs that name an address, in satoshi. */
function outputsOf(vout: z.output<typeof esploraTxSchema>['vout']) {
  return vout.flatMap((o) =>
    o.scriptpubkey_address === undefined
      ? []
      : [{ address: o.scriptpubkey_address, amountBaseUnits: BigInt(o.value) }],
  );
}

/** A bitcoin address as Esplora takes it in a path: base58 or bech32 characters only. */
const ADDRESS_SHAPE = /^[0-9A-Za-z]{14,90}$/;

/**
 * BTC deposits read from an Esplora-compatible API (mempool.space, blockstream.info, a node's
 * own electrs): `GET /tx/:txid` for the outputs and its block, `GET /blocks/tip/height` for the
 * confirmations, and `GET /address/:address/txs` for a deposit sent without a tx hash. Values
 * are satoshi.
 */
export class EsploraReader implements DepositReader, AddressReader {
  constructor(
    private readonly options: {
      url: string;
      logger: FastifyBaseLogger;
      timing?: ReaderTiming;
    },
  ) {}

  async read(txHash: string): Promise<DepositReading> {
    const { url, logger } = this.options;
    const timing = this.options.timing ?? DEFAULT_READER_TIMING;
    if (!/^[0-9a-f]{64}$/.test(txHash)) return { kind: 'unknown', reason: 'not a BTC tx id' };
    const tx = await getWithRetries({ url: `${url}/tx/${txHash}`, as: 'json', timing, logger });
    if (tx.kind === 'not_found') return { kind: 'not_found' };
    if (tx.kind === 'failed') return { kind: 'unknown', reason: tx.reason };
    const parsed = esploraTxSchema.safeParse(tx.body);
    if (!parsed.success || parsed.data.txid.toLowerCase() !== txHash) {
      logger.warn({ txHash }, 'BTC explorer answered a transaction in an unknown shape');
      return { kind: 'unknown', reason: 'an answer in an unknown shape' };
    }
    const { vout, status } = parsed.data;
    const outputs = outputsOf(vout);
    if (!status.confirmed || status.block_height === undefined) {
      return { kind: 'found', outputs, confirmations: 0, blockHeight: null, blockTime: null };
    }
    const tip = await this.tip();
    if (tip.kind === 'unknown') return tip;
    return {
      kind: 'found',
      outputs,
      // A tip behind the block (another backend, mid-reorg) counts as one confirmation, no more.
      confirmations: Math.max(1, tip.height - status.block_height + 1),
      blockHeight: status.block_height,
      blockTime: status.block_time === undefined ? null : new Date(status.block_time * 1000),
    };
  }

  /** `GET /blocks/tip/height`: the height alone (plain text); Esplora gives no time with it. */
  async tip(): Promise<TipReading> {
    const { url, logger } = this.options;
    const timing = this.options.timing ?? DEFAULT_READER_TIMING;
    const tip = await getWithRetries({
      url: `${url}/blocks/tip/height`,
      as: 'text',
      timing,
      logger,
    });
    const height = tip.kind === 'ok' ? String(tip.body) : '';
    if (!/^\d{1,9}$/.test(height)) {
      if (tip.kind === 'ok')
        logger.warn({ height }, 'BTC explorer answered a tip height in an unknown shape');
      return { kind: 'unknown', reason: tip.kind === 'failed' ? tip.reason : 'no tip height' };
    }
    return { kind: 'found', height: Number(height), blockTime: null };
  }

  /**
   * The address's latest transactions (Esplora answers its mempool ones and the newest 25
   * confirmed), oldest first.
   */
  async transactionsTo(address: string): Promise<AddressReading> {
    const { url, logger } = this.options;
    const timing = this.options.timing ?? DEFAULT_READER_TIMING;
    if (!ADDRESS_SHAPE.test(address)) return { kind: 'unknown', reason: 'not a BTC address' };
    const list = await getWithRetries({
      url: `${url}/address/${address}/txs`,
      as: 'json',
      timing,
      logger,
    });
    // An address the backend has never seen is an empty list, not a 404; a 404 here is garbage.
    if (list.kind === 'not_found') return { kind: 'unknown', reason: 'HTTP 404' };
    if (list.kind === 'failed') return { kind: 'unknown', reason: list.reason };
    const parsed = z.array(esploraTxSchema).safeParse(list.body);
    if (!parsed.success) {
      logger.warn(
        { address },
        "BTC explorer answered an address's transactions in an unknown shape",
      );
      return { kind: 'unknown', reason: 'an answer in an unknown shape' };
    }
    return {
      kind: 'found',
      transactions: parsed.data
        .map((tx) => ({
          txHash: tx.txid.toLowerCase(),
          outputs: outputsOf(tx.vout),
          blockTime:
            tx.status.confirmed && tx.status.block_time !== undefined
              ? new Date(tx.status.block_time * 1000)
              : null,
          blockHeight: tx.status.confirmed ? (tx.status.block_height ?? null) : null,
        }))
        .reverse(),
    };
  }
}

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
import { tronAddressFromHex } from './tron-address';

/** Tether's USDT contract on TRON (TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t), as logs carry it. */
export const USDT_TRC20_CONTRACT_HEX = 'a614f803b6fd780986a42c78ec9c7f77e6ded13c';
/** keccak256("Transfer(address,address,uint256)"): a TRC20 transfer's event. */
const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

const hex = z.string().regex(/^[0-9a-fA-F]*$/);

/** `POST /wallet/gettransactioninfobyid`: `{}` for a transaction the node does not know. */
const txInfoSchema = z.union([
  z.object({
    id: z.string(),
    blockNumber: z.number().int().nonnegative(),
    blockTimeStamp: z.number().int().nonnegative(),
    receipt: z.object({ result: z.string().optional() }).optional(),
    log: z.array(z.object({ address: hex, topics: z.array(hex), data: hex.optional() })).optional(),
  }),
  z.object({}).strict(),
]);

/** `GET /v1/accounts/:address/transactions/trc20`: the transfers to an address, newest first. */
const accountTransfersSchema = z.object({
  data: z.array(
    z.object({
      transaction_id: z.string().regex(/^[0-9a-fA-F]{64}$/),
      token_info: z.object({ address: z.string() }),
      block_timestamp: z.number().int().nonnegative(),
      to: z.string(),
      type: z.string(),
      value: z.string().regex(/^\d{1,40}$/),
    }),
  ),
});

/** The USDT contract as TronGrid's account listing names it. */
const USDT_TRC20_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** `POST /wallet/getnowblock`: the latest block's number and its time (ms). */
const nowBlockSchema = z.object({
  block_header: z.object({
    raw_data: z.object({
      number: z.number().int().nonnegative(),
      timestamp: z.number().int().nonnegative(),
    }),
  }),
});

/**
 * USDT-TRC20 deposits read from a TronGrid-compatible API (TronGrid, or a java-tron full node's
 * HTTP API): `POST /wallet/gettransactioninfobyid` for the block and the USDT contract's
 * Transfer events (the recipient in the third topic, the amount in 6-decimal base units in the
 * data), `POST /wallet/getnowblock` for the confirmations. A failed contract call (receipt not
 * SUCCESS) moved nothing. With `apiKey` (TRON_API_KEY) every request carries TronGrid's
 * `TRON-PRO-API-KEY` header.
 */
export class TronReader implements DepositReader, AddressReader {
  constructor(
    private readonly options: {
      url: string;
      logger: FastifyBaseLogger;
      timing?: ReaderTiming;
      /** TRON_API_KEY; never logged. */
      apiKey?: string;
    },
  ) {}

  /**
   * The USDT transfers to `address` (TronGrid's `GET /v1/accounts/:address/transactions/trc20`,
   * the latest 50), oldest first, so the watcher finds a deposit given without a hash. TronGrid
   * gives each its block's time, not its height.
   */
  async transactionsTo(address: string): Promise<AddressReading> {
    const { url, logger, apiKey } = this.options;
    if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) {
      return { kind: 'unknown', reason: 'not a TRON address' };
    }
    const list = await getWithRetries({
      url: `${url}/v1/accounts/${address}/transactions/trc20?only_to=true&limit=50&contract_address=${USDT_TRC20_CONTRACT}`,
      as: 'json',
      timing: this.options.timing ?? DEFAULT_READER_TIMING,
      logger,
      init: { headers: { ...(apiKey && { 'TRON-PRO-API-KEY': apiKey }) } },
    });
    if (list.kind === 'not_found') return { kind: 'unknown', reason: 'HTTP 404' };
    if (list.kind === 'failed') return { kind: 'unknown', reason: list.reason };
    const parsed = accountTransfersSchema.safeParse(list.body);
    if (!parsed.success) {
      logger.warn({ address }, "TRON API answered an address's transfers in an unknown shape");
      return { kind: 'unknown', reason: 'an answer in an unknown shape' };
    }
    return {
      kind: 'found',
      transactions: parsed.data.data
        .filter(
          (t) =>
            t.type === 'Transfer' &&
            t.to === address &&
            t.token_info.address === USDT_TRC20_CONTRACT,
        )
        .map((t) => ({
          txHash: t.transaction_id.toLowerCase(),
          outputs: [{ address: t.to, amountBaseUnits: BigInt(t.value) }],
          blockTime: new Date(t.block_timestamp),
          blockHeight: null,
        }))
        .reverse(),
    };
  }

  private post(path: string, body: unknown) {
    return getWithRetries({
      url: `${this.options.url}${path}`,
      as: 'json',
      timing: this.options.timing ?? DEFAULT_READER_TIMING,
      logger: this.options.logger,
      init: {
        method: 'POST',
        body: JSON.stringify(body),
        headers: {
          'content-type': 'application/json',
          ...(this.options.apiKey && { 'TRON-PRO-API-KEY': this.options.apiKey }),
        },
      },
    });
  }

  /** `POST /wallet/getnowblock`: the latest block, its number and its exact time. */
  async tip(): Promise<TipReading> {
    const now = await this.post('/wallet/getnowblock', {});
    const latest = now.kind === 'ok' ? nowBlockSchema.safeParse(now.body) : undefined;
    if (!latest?.success) {
      return { kind: 'unknown', reason: now.kind === 'failed' ? now.reason : 'no latest block' };
    }
    const { number, timestamp } = latest.data.block_header.raw_data;
    return { kind: 'found', height: number, blockTime: new Date(timestamp) };
  }

  async read(txHash: string): Promise<DepositReading> {
    const { logger } = this.options;
    if (!/^[0-9a-f]{64}$/.test(txHash)) return { kind: 'unknown', reason: 'not a TRON tx hash' };
    const info = await this.post('/wallet/gettransactioninfobyid', { value: txHash });
    if (info.kind === 'not_found') return { kind: 'not_found' };
    if (info.kind === 'failed') return { kind: 'unknown', reason: info.reason };
    const parsed = txInfoSchema.safeParse(info.body);
    if (!parsed.success) {
      logger.warn({ txHash }, 'TRON API answered a transaction in an unknown shape');
      return { kind: 'unknown', reason: 'an answer in an unknown shape' };
    }
    // Not known, or not yet in a block the node has processed.
    if (!('id' in parsed.data)) return { kind: 'not_found' };
    const tx = parsed.data;
    if (tx.id.toLowerCase() !== txHash) return { kind: 'unknown', reason: 'another transaction' };
    const succeeded = tx.receipt?.result === undefined || tx.receipt.result === 'SUCCESS';
    const outputs = succeeded
      ? (tx.log ?? []).flatMap((log) => {
          const [topic, , to] = log.topics.map((t) => t.toLowerCase());
          if (
            log.address.toLowerCase().replace(/^41/, '') !== USDT_TRC20_CONTRACT_HEX ||
            topic !== TRANSFER_TOPIC ||
            to?.length !== 64 ||
            !log.data
          ) {
            return [];
          }
          return [
            {
              address: tronAddressFromHex(to.slice(24)),
              amountBaseUnits: BigInt(`0x${log.data || '0'}`),
            },
          ];
        })
      : [];
    const tip = await this.tip();
    if (tip.kind === 'unknown') return tip;
    return {
      kind: 'found',
      outputs,
      confirmations: Math.max(1, tip.height - tx.blockNumber + 1),
      blockHeight: tx.blockNumber,
      blockTime: new Date(tx.blockTimeStamp),
    };
  }
}

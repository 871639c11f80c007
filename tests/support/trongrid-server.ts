import type http from 'node:http';
import { tronAddressFromHex } from '../../src/server/features/chain/tron-address';
import { FakeHttpServer } from './fake-http-server';

export type TronGridMode = 'ok' | 'rate-limited' | 'error' | 'hang' | 'garbage';

export interface FakeTronTx {
  /** TRC20 Transfer logs: the contract (20-byte hex), the recipient (20-byte hex), base units. */
  transfers: { contractHex: string; toHex: string; units: bigint }[];
  blockNumber: number;
  blockTimeStamp: number;
  result?: string;
}

const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/**
 * A real HTTP server answering TronGrid's (java-tron's) `POST /wallet/gettransactioninfobyid`
 * and `POST /wallet/getnowblock` in their shapes, with the failure modes of the Esplora one.
 * An unknown transaction answers `{}`, as TronGrid does.
 */
export class TronGridServer extends FakeHttpServer {
  mode: TronGridMode = 'ok';
  headBlock = 60_000_000;
  readonly txs = new Map<string, FakeTronTx>();
  requests: string[] = [];
  /** The `TRON-PRO-API-KEY` header of each request, in order (undefined: none sent). */
  apiKeys: (string | undefined)[] = [];

  constructor() {
    super('trongrid');
  }

  /** Between tests: answers well again, knows no tx, has seen no request (the head block stays). */
  reset(): void {
    this.mode = 'ok';
    this.txs.clear();
    this.requests = [];
    this.apiKeys = [];
  }

  /** TronGrid's calls are POSTs with a JSON body: the answer waits for all of it. */
  protected handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => this.respond(req, res, body));
  }

  private respond(req: http.IncomingMessage, res: http.ServerResponse, body: string): void {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    this.requests.push(path);
    const key = req.headers['tron-pro-api-key'];
    this.apiKeys.push(Array.isArray(key) ? key.join(',') : key);
    const json = (status: number, value: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    switch (this.mode) {
      case 'rate-limited':
        return void json(429, { Error: 'rate limited' });
      case 'error':
        return void json(500, { Error: 'server error' });
      case 'hang':
        return this.hang(res);
      case 'garbage':
        return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>');
      case 'ok':
        break;
    }
    const account = /^\/v1\/accounts\/(T[1-9A-HJ-NP-Za-km-z]{33})\/transactions\/trc20$/.exec(path);
    if (account && req.method === 'GET') return void json(200, this.transfersTo(account[1]!));
    if (req.method !== 'POST') return void json(405, { Error: 'POST only' });
    if (path === '/wallet/getnowblock') {
      return void json(200, {
        blockID: '00'.repeat(32),
        block_header: { raw_data: { number: this.headBlock, timestamp: 1_790_000_000_000 } },
      });
    }
    if (path !== '/wallet/gettransactioninfobyid') return void json(404, { Error: 'not found' });
    const id = (JSON.parse(body || '{}') as { value?: string }).value ?? '';
    const tx = this.txs.get(id);
    if (!tx) return void json(200, {});
    json(200, {
      id,
      fee: 345_000,
      blockNumber: tx.blockNumber,
      blockTimeStamp: tx.blockTimeStamp,
      contractResult: [''],
      contract_address: tx.transfers[0] ? `41${tx.transfers[0].contractHex}` : undefined,
      receipt: { energy_usage_total: 31_895, net_usage: 345, result: tx.result ?? 'SUCCESS' },
      log: tx.transfers.map((t) => ({
        address: t.contractHex,
        topics: [TRANSFER_TOPIC, '00'.repeat(12) + 'ab'.repeat(20), '00'.repeat(12) + t.toHex],
        data: t.units.toString(16).padStart(64, '0'),
      })),
    });
  }

  /**
   * TronGrid's `GET /v1/accounts/:address/transactions/trc20`: the TRC20 transfers to the
   * address, newest first, as TronGrid writes them (base58 addresses, the value in base units
   * as a string, the block's time in ms).
   */
  private transfersTo(address: string) {
    const data = [...this.txs.entries()]
      .filter(([, tx]) => (tx.result ?? 'SUCCESS') === 'SUCCESS')
      .flatMap(([id, tx]) =>
        tx.transfers
          .filter((t) => tronAddressFromHex(t.toHex) === address)
          .map((t) => ({
            transaction_id: id,
            token_info: {
              symbol: 'USDT',
              address: tronAddressFromHex(t.contractHex),
              decimals: 6,
              name: 'Tether USD',
            },
            block_timestamp: tx.blockTimeStamp,
            from: 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW',
            to: address,
            type: 'Transfer',
            value: t.units.toString(),
          })),
      )
      .sort((a, b) => b.block_timestamp - a.block_timestamp);
    return { data, success: true, meta: { at: Date.now(), page_size: data.length } };
  }
}

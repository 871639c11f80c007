import type http from 'node:http';
import { FakeHttpServer } from './fake-http-server';

/** How the server answers: as Esplora does, or one of its failure modes. */
export type EsploraMode = 'ok' | 'rate-limited' | 'error' | 'hang' | 'garbage';

export interface FakeBtcTx {
  /** Outputs: address and value in satoshi. */
  vout: { address: string; sats: number }[];
  /** Null while in the mempool. */
  blockHeight: number | null;
  /** Unix seconds of its block. */
  blockTime?: number;
}

/**
 * A real HTTP server answering Esplora's `GET /tx/:txid`, `GET /address/:address/txs` and
 * `GET /blocks/tip/height` (the shapes mempool.space's API answers), with its failure modes: 429, 500, a hang, garbage,
 * unknown transactions (404) and reorganised blocks (a test moves a tx back to the mempool or
 * lowers the tip). `failures` answers that many requests in `failureMode` before answering well.
 */
export class EsploraServer extends FakeHttpServer {
  mode: EsploraMode = 'ok';
  tipHeight = 870_000;
  readonly txs = new Map<string, FakeBtcTx>();
  /** The next this-many requests answer in `failureMode`, then the server is `mode` again. */
  failures = 0;
  failureMode: Exclude<EsploraMode, 'ok'> = 'error';
  requests: string[] = [];
  /** An answer of its own for a path (a wrong shape, say); undefined: the server's own. */
  answer: ((path: string) => { status: number; body: string } | undefined) | undefined;

  constructor() {
    super('esplora', '/api');
  }

  /**
   * A tx paying `sats` to `address`, in the mempool until `mine` puts it in a block (or already
   * in block `blockHeight`, mined at `blockTime`, unix seconds).
   */
  add(
    txid: string,
    vout: FakeBtcTx['vout'],
    blockHeight: number | null = null,
    blockTime = 1_790_000_000,
  ): void {
    this.txs.set(txid, {
      vout,
      blockHeight,
      blockTime: blockHeight === null ? undefined : blockTime,
    });
  }

  /** Puts the tx in the next block and moves the tip there. */
  mine(txid: string, blockTime = 1_790_000_000): void {
    this.tipHeight += 1;
    const tx = this.txs.get(txid)!;
    tx.blockHeight = this.tipHeight;
    tx.blockTime = blockTime;
  }

  /**
   * A reorganisation: the block that held the tx is replaced by one without it, so the tx is
   * back in the mempool (the tip stays where it was).
   */
  reorganise(txid: string): void {
    const tx = this.txs.get(txid)!;
    tx.blockHeight = null;
    tx.blockTime = undefined;
  }

  /** Between tests: answers well again, knows no tx, has seen no request (the tip stays). */
  reset(): void {
    this.mode = 'ok';
    this.failures = 0;
    this.txs.clear();
    this.requests = [];
    this.answer = undefined;
  }

  protected handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    this.requests.push(path);
    let mode: EsploraMode = this.mode;
    if (this.failures > 0) {
      this.failures -= 1;
      mode = this.failureMode;
    }
    switch (mode) {
      case 'rate-limited':
        res.writeHead(429, { 'content-type': 'text/plain' }).end('Too Many Requests');
        return;
      case 'error':
        res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
        return;
      case 'hang':
        return this.hang(res);
      case 'garbage':
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
        return;
      case 'ok':
        break;
    }
    const own = this.answer?.(path);
    if (own) {
      res.writeHead(own.status, { 'content-type': 'application/json' }).end(own.body);
      return;
    }
    if (path === '/api/blocks/tip/height') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(String(this.tipHeight));
      return;
    }
    const address = /^\/api\/address\/([0-9A-Za-z]+)\/txs$/.exec(path);
    if (address) {
      // Esplora's order: mempool first, then confirmed, newest first.
      const paying = [...this.txs.entries()]
        .filter(([, tx]) => tx.vout.some((o) => o.address === address[1]))
        .sort(([, a], [, b]) => (b.blockHeight ?? Infinity) - (a.blockHeight ?? Infinity))
        .map(([txid, tx]) => txBody(txid, tx));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(paying));
      return;
    }
    const match = /^\/api\/tx\/([0-9a-f]{64})$/.exec(path);
    const tx = match ? this.txs.get(match[1]!) : undefined;
    if (!match || !tx) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Transaction not found');
      return;
    }
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify(txBody(match[1]!, tx)));
  }
}

/** A transaction as Esplora answers it. */
function txBody(txid: string, tx: FakeBtcTx) {
  return {
    txid,
    version: 2,
    locktime: 0,
    vin: [],
    vout: tx.vout.map((o) => ({
      scriptpubkey: '0014' + '00'.repeat(20),
      scriptpubkey_asm: 'OP_0 OP_PUSHBYTES_20',
      scriptpubkey_type: 'v0_p2wpkh',
      scriptpubkey_address: o.address,
      value: o.sats,
    })),
    size: 222,
    weight: 561,
    fee: 1_410,
    status:
      tx.blockHeight === null
        ? { confirmed: false }
        : {
            confirmed: true,
            block_height: tx.blockHeight,
            block_hash: '00'.repeat(32),
            block_time: tx.blockTime,
          },
  };
}

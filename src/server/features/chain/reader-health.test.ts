import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testReaderOptions } from '../../../../tests/support/chain-readers';
import { EsploraServer } from '../../../../tests/support/esplora-server';
import { BTC_DEPOSIT_ADDRESS } from '../../../../tests/support/order-fixtures';
import { EsploraReader } from './esplora-reader';
import { WatchedReader } from './reader-health';
import { TronReader } from './tron-reader';

describe('WatchedReader', () => {
  let esplora: EsploraServer;

  beforeAll(async () => {
    esplora = await new EsploraServer().start();
  });
  afterAll(async () => {
    await esplora.stop();
  });

  it("lists an address's transactions through a reader that can (the watcher finds a deposit without a hash), counting the read", async () => {
    const reader = new WatchedReader(
      new EsploraReader(testReaderOptions(esplora.url, { timeoutMs: 500 })),
    );
    const txid = 'c'.repeat(64);
    esplora.add(txid, [{ address: BTC_DEPOSIT_ADDRESS, sats: 990_000 }]);
    expect(reader.transactionsTo).toBeDefined();
    const reading = await reader.transactionsTo!(BTC_DEPOSIT_ADDRESS);
    expect(reading.kind).toBe('found');
    expect(reading.kind === 'found' && reading.transactions.map((t) => t.txHash)).toEqual([txid]);
    expect(reader.health().reads.found).toBe(1);
    expect(reader.health().lastSuccessAt).not.toBeNull();
  });

  it('lists a TRON address too (USDT transfers, through TronGrid)', () => {
    const reader = new WatchedReader(new TronReader(testReaderOptions('http://127.0.0.1:9')));
    expect(reader.transactionsTo).toBeDefined();
  });
});

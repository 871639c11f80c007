import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testReaderOptions } from '../../../../tests/support/chain-readers';
import { TronGridServer } from '../../../../tests/support/trongrid-server';
import { tronAddressFromHex } from './tron-address';
import { TronReader, USDT_TRC20_CONTRACT_HEX } from './tron-reader';

const TX = 'cd'.repeat(32);
/** A deposit address and its 20 bytes. */
const DEPOSIT_ADDRESS_HEX = '8840e6c55b9ada326d211d818c34a994aeced808';
const OTHER_CONTRACT = '3487b63d30b5b2c87fb7ffa8bcfade38eaac1abe';

describe('the TronGrid reader', () => {
  const server = new TronGridServer();
  let reader: TronReader;

  beforeAll(async () => {
    await server.start();
    reader = new TronReader(testReaderOptions(server.url));
  });
  afterAll(() => server.stop());
  beforeEach(() => server.reset());

  it('writes TRON addresses as people do', () => {
    expect(tronAddressFromHex(USDT_TRC20_CONTRACT_HEX)).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  });

  it("reads the USDT contract's transfers (6 decimals) and confirmations from the latest block", async () => {
    server.txs.set(TX, {
      transfers: [
        { contractHex: USDT_TRC20_CONTRACT_HEX, toHex: DEPOSIT_ADDRESS_HEX, units: 250_500_000n },
        { contractHex: OTHER_CONTRACT, toHex: DEPOSIT_ADDRESS_HEX, units: 999n },
      ],
      blockNumber: server.headBlock - 18,
      blockTimeStamp: 1_790_000_123_000,
    });
    expect(await reader.read(TX)).toEqual({
      kind: 'found',
      outputs: [
        { address: tronAddressFromHex(DEPOSIT_ADDRESS_HEX), amountBaseUnits: 250_500_000n },
      ],
      confirmations: 19,
      blockHeight: server.headBlock - 18,
      blockTime: new Date(1_790_000_123_000),
    });
  });

  it('sends TRON_API_KEY as the TRON-PRO-API-KEY header on every request, and none without it', async () => {
    const keyed = new TronReader({
      ...testReaderOptions(server.url),
      apiKey: 'a3f1c2d4-0000-4000-8000-00000000beef',
    });
    server.txs.set(TX, {
      transfers: [{ contractHex: USDT_TRC20_CONTRACT_HEX, toHex: DEPOSIT_ADDRESS_HEX, units: 1n }],
      blockNumber: server.headBlock,
      blockTimeStamp: 1_790_000_123_000,
    });
    expect(await keyed.read(TX)).toMatchObject({ kind: 'found', confirmations: 1 });
    expect(server.requests).toEqual(['/wallet/gettransactioninfobyid', '/wallet/getnowblock']);
    expect(server.apiKeys).toEqual([
      'a3f1c2d4-0000-4000-8000-00000000beef',
      'a3f1c2d4-0000-4000-8000-00000000beef',
    ]);
    server.apiKeys = [];
    await reader.read(TX);
    expect(server.apiKeys).toEqual([undefined, undefined]);
  });

  it("lists the USDT transfers to an address through TronGrid's account listing, oldest first", async () => {
    const to = tronAddressFromHex(DEPOSIT_ADDRESS_HEX);
    server.txs.set(TX, {
      transfers: [
        { contractHex: USDT_TRC20_CONTRACT_HEX, toHex: DEPOSIT_ADDRESS_HEX, units: 100_000_000n },
      ],
      blockNumber: server.headBlock,
      blockTimeStamp: 1_790_000_123_000,
    });
    server.txs.set('ef'.repeat(32), {
      transfers: [{ contractHex: OTHER_CONTRACT, toHex: DEPOSIT_ADDRESS_HEX, units: 5n }],
      blockNumber: server.headBlock,
      blockTimeStamp: 1_790_000_124_000,
    });
    expect(await reader.transactionsTo(to)).toEqual({
      kind: 'found',
      transactions: [
        {
          txHash: TX,
          outputs: [{ address: to, amountBaseUnits: 100_000_000n }],
          blockTime: new Date(1_790_000_123_000),
          blockHeight: null,
        },
      ],
    });
    expect(server.requests).toEqual([`/v1/accounts/${to}/transactions/trc20`]);
    server.mode = 'hang';
    expect(await reader.transactionsTo(to)).toEqual({ kind: 'unknown', reason: 'timed out' });
  });

  it('a failed contract call moved nothing', async () => {
    server.txs.set(TX, {
      transfers: [{ contractHex: USDT_TRC20_CONTRACT_HEX, toHex: DEPOSIT_ADDRESS_HEX, units: 1n }],
      blockNumber: server.headBlock,
      blockTimeStamp: 1_790_000_123_000,
      result: 'REVERT',
    });
    expect(await reader.read(TX)).toMatchObject({ kind: 'found', outputs: [] });
  });

  it('an unknown transaction ({}) is not_found', async () => {
    expect(await reader.read(TX)).toEqual({ kind: 'not_found' });
  });

  it.each([
    ['rate-limited', 'HTTP 429'],
    ['error', 'HTTP 500'],
    ['hang', 'timed out'],
    ['garbage', 'an answer that is not JSON'],
  ] as const)('a server answering %s is unknown, never confirmed', async (mode, reason) => {
    server.mode = mode;
    expect(await reader.read(TX)).toEqual({ kind: 'unknown', reason });
    expect(server.requests).toHaveLength(2);
  });
});

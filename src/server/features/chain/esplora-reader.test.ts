import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testReaderOptions } from '../../../../tests/support/chain-readers';
import { EsploraServer } from '../../../../tests/support/esplora-server';
import { EsploraReader } from './esplora-reader';

const ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const TX = 'ab'.repeat(32);

describe('the Esplora reader', () => {
  const server = new EsploraServer();
  let reader: EsploraReader;

  beforeAll(async () => {
    await server.start();
    reader = new EsploraReader(testReaderOptions(server.url, { attempts: 3 }));
  });
  afterAll(() => server.stop());
  beforeEach(() => server.reset());

  it('reads a mempool tx: its outputs in satoshi, no confirmations', async () => {
    server.add(TX, [
      { address: ADDRESS, sats: 1_000_000 },
      { address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', sats: 5 },
    ]);
    expect(await reader.read(TX)).toEqual({
      kind: 'found',
      outputs: [
        { address: ADDRESS, amountBaseUnits: 1_000_000n },
        { address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', amountBaseUnits: 5n },
      ],
      confirmations: 0,
      blockHeight: null,
      blockTime: null,
    });
  });

  it('counts confirmations from the tip, and counts them back after a reorg', async () => {
    server.add(TX, [{ address: ADDRESS, sats: 1 }]);
    server.mine(TX, 1_790_000_600);
    expect(await reader.read(TX)).toMatchObject({
      confirmations: 1,
      blockHeight: server.tipHeight,
      blockTime: new Date(1_790_000_600_000),
    });
    server.tipHeight += 1;
    expect(await reader.read(TX)).toMatchObject({ confirmations: 2 });
    // The block is reorganised away: the tx is back in the mempool.
    server.txs.get(TX)!.blockHeight = null;
    expect(await reader.read(TX)).toMatchObject({ kind: 'found', confirmations: 0 });
  });

  it('a tx the chain does not know is not_found, asked once', async () => {
    expect(await reader.read(TX)).toEqual({ kind: 'not_found' });
    expect(server.requests).toEqual([`/api/tx/${TX}`]);
  });

  it.each([
    ['rate-limited', 'HTTP 429'],
    ['error', 'HTTP 500'],
    ['hang', 'timed out'],
    ['garbage', 'an answer that is not JSON'],
  ] as const)(
    'a server that keeps answering %s is unknown after 3 attempts',
    async (mode, reason) => {
      server.add(TX, [{ address: ADDRESS, sats: 1 }], 1);
      server.mode = mode;
      expect(await reader.read(TX)).toEqual({ kind: 'unknown', reason });
      expect(server.requests).toHaveLength(3);
    },
  );

  it('retries through a 429 and a 500 and then reads the tx', async () => {
    server.add(TX, [{ address: ADDRESS, sats: 7 }]);
    server.failures = 2;
    server.failureMode = 'rate-limited';
    expect(await reader.read(TX)).toMatchObject({ kind: 'found', confirmations: 0 });
    expect(server.requests).toHaveLength(3);
  });

  it('a tip height that is not a number makes a confirmed tx unknown, never confirmed', async () => {
    server.add(TX, [{ address: ADDRESS, sats: 7 }], server.tipHeight);
    server.answer = (path) =>
      path.endsWith('/tip/height') ? { status: 200, body: '<html>' } : undefined;
    expect(await reader.read(TX)).toEqual({ kind: 'unknown', reason: 'no tip height' });
  });

  it('a JSON answer of another shape is unknown, never confirmed', async () => {
    server.answer = () => ({
      status: 200,
      body: JSON.stringify({ txid: TX, status: 'confirmed' }),
    });
    expect(await reader.read(TX)).toEqual({
      kind: 'unknown',
      reason: 'an answer in an unknown shape',
    });
  });
});

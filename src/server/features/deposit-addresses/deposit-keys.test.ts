import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositKeyListSchema, depositKeySchema } from '../../../shared/api/deposit-addresses';
import { orderSchema } from '../../../shared/api/orders';
import { createTestApp, injectJson, type InjectedCall } from '../../../../tests/support/app';
import { testReaderOptions } from '../../../../tests/support/chain-readers';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { EsploraServer } from '../../../../tests/support/esplora-server';
import {
  addDepositAddress,
  addPayoutAccount,
  placeOrder,
  setSellRates,
} from '../../../../tests/support/order-setup';
import { PriceServer } from '../../../../tests/support/price-server';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import { auditLog, orders } from '../../db/schema';
import { EventBus } from '../../platform/event-bus';
import { EventLog } from '../../platform/realtime/events';
import { EsploraReader } from '../chain';
import { watchDeposits } from '../orders/watch-deposits';

/** BIP84's account key of "abandon … about", and its first five receiving addresses. */
const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const FIRST = [
  'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
  'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g',
];
const SHARED = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const logger = Fastify({ logger: false }).log;

const priceServer = new PriceServer();
beforeAll(() => priceServer.start());
afterAll(() => priceServer.stop());

describe.each(testDatabaseKinds())('deposit addresses per order on $name', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let dataDir: string;
  const chain = new EsploraServer();
  const cookie: Record<string, string> = {};
  let payoutAccountId = 0;
  const now = new Date('2026-11-20T09:00:00.000Z');

  const call = (who: string, method: InjectedCall['method'], url: string, body?: unknown) =>
    injectJson(app, { cookie: cookie[who], method, url, body });
  const order = async () => {
    const chatSessionId = (await call('ada', 'POST', '/api/chat-sessions', { category: 'bitcoin' }))
      .body.id as number;
    const res = await placeOrder(
      app,
      cookie.ada,
      { chatSessionId, coin: 'bitcoin', amount: '0.01', payoutAccountId },
      { 'idempotency-key': randomUUID() },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return orderSchema.parse(res.body);
  };

  beforeAll(async () => {
    await chain.start();
    database = await kind.open();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-keys-'));
    app = await createTestApp({
      database,
      clock: () => now,
      env: { DATA_DIR: dataDir, BTC_EXPLORER_URL: chain.url, PRICE_API_URL: priceServer.url },
    });
    await app.ready();
    await app.priceFeed.refresh();
    cookie.ada = await sessionCookie(database.db, await makeCustomer(database.db));
    cookie.agent = await sessionCookie(database.db, await makeAgent(database.db));
    cookie.admin = await sessionCookie(database.db, await makeAgent(database.db, { admin: true }));
    payoutAccountId = await addPayoutAccount(app, cookie.ada, '012345670', 'Customer Ada');
    await addDepositAddress(app, cookie.admin, 'BTC', SHARED);
    await setSellRates(database.db, { bitcoin: '157254058.50', usdt: '1633.83' });
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
    await chain.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a private key, a key of another form for TRON, and staff who are not admins', async () => {
    const xprv = HDKey.fromMasterSeed(
      mnemonicToSeedSync(
        'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
      ),
    ).derive("m/84'/0'/0'").privateExtendedKey;
    const bad = await call('admin', 'POST', '/api/admin/desk-addresses', {
      network: 'BTC',
      extendedPublicKey: xprv,
      label: 'Ledger',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^This is a private key/);
    const tron = await call('admin', 'POST', '/api/admin/desk-addresses', {
      network: 'USDT-TRC20',
      extendedPublicKey: ZPUB,
      label: 'Ledger',
    });
    expect(tron.status).toBe(400);
    const both = await call('admin', 'POST', '/api/admin/desk-addresses', {
      network: 'BTC',
      extendedPublicKey: ZPUB,
      address: SHARED,
      label: 'Ledger',
    });
    expect(both.status).toBe(400);
    for (const who of ['agent', 'ada']) {
      const res = await call(who, 'POST', '/api/admin/desk-addresses', {
        network: 'BTC',
        extendedPublicKey: ZPUB,
        label: 'Ledger',
      });
      expect(res.status).toBe(403);
    }
  });

  it('each order gets its own address at the next index, the same amount, and the CSV lists what came', async () => {
    // Before the key: the shared address.
    expect((await order()).depositAddressIndex).toBeNull();
    const added = await call('admin', 'POST', '/api/admin/desk-addresses', {
      network: 'BTC',
      extendedPublicKey: ZPUB,
      label: 'Ledger account 0',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(depositKeySchema.parse(added.body)).toMatchObject({
      kind: 'p2wpkh',
      active: true,
      nextIndex: 0,
      firstAddresses: expect.arrayContaining(FIRST),
      unpaidInARow: 0,
    });
    expect(depositKeySchema.parse(added.body).firstAddresses.slice(0, 2)).toEqual(FIRST);
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'desk_key.add'));
    expect(audit).toMatchObject({ entityType: 'desk_key' });

    const first = await order();
    const second = await order();
    expect([first.depositAddress, second.depositAddress]).toEqual(FIRST);
    expect([first.depositAddressIndex, second.depositAddressIndex]).toEqual([0, 1]);
    // Their own addresses: no amount moves.
    expect([first.amountCrypto, second.amountCrypto]).toEqual(['0.01000000', '0.01000000']);

    // A payment to the second order's address is its own, found by the watcher.
    const hash = 'ab'.repeat(32);
    chain.add(hash, [{ address: FIRST[1]!, sats: 1_000_000 }]);
    await watchDeposits({
      db: database.db,
      events: new EventLog(database, new EventBus()),
      now,
      readers: { BTC: new EsploraReader(testReaderOptions(chain.url)) },
      chain: app.config.chain,
      payoutApprovalNaira: app.config.payoutApprovalNaira,
      logger,
    });
    const [row] = await database.db.select().from(orders).where(eq(orders.id, second.id));
    expect(row).toMatchObject({ state: 'deposit_seen', txHash: hash });

    const keys = depositKeyListSchema.parse(
      (await call('admin', 'GET', '/api/admin/desk-addresses/keys')).body,
    );
    expect(keys[0]).toMatchObject({ nextIndex: 2, unpaidInARow: 0 });
    const csv = await app.inject({
      method: 'GET',
      url: `/api/admin/desk-addresses/keys/${keys[0]!.id}/addresses.csv`,
      headers: { cookie: cookie.admin! },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.split('\n')).toEqual([
      'index,path,address,order,state,amount,received',
      `0,0/0,${FIRST[0]},${first.reference},awaiting_deposit,0.01 BTC,`,
      `1,0/1,${FIRST[1]},${second.reference},deposit_seen,0.01 BTC,0.01 BTC`,
      '',
    ]);
    expect(
      (await call('agent', 'GET', `/api/admin/desk-addresses/keys/${keys[0]!.id}/addresses.csv`))
        .status,
    ).toBe(403);
  });
});

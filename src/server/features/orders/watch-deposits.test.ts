import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import Fastify from 'fastify';
import { bytesToHex } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  orderPageSchema,
  orderSchema,
  requoteChangedSchema,
  requotePreviewSchema,
  type Order,
} from '../../../shared/api/orders';
import { base58check } from '../../../shared/deposit-addresses/address-validation';
import { depositAttention } from '../../../shared/orders/attention';
import { tradeTotal } from '../../../shared/rates';
import { createTestApp, injectJson, type InjectedCall } from '../../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { testReaderOptions } from '../../../../tests/support/chain-readers';
import { uploadImage } from '../../../../tests/support/images';
import { EsploraServer } from '../../../../tests/support/esplora-server';
import {
  addDepositAddress,
  addPayoutAccount,
  placeOrder,
  setSellRates,
} from '../../../../tests/support/order-setup';
import { PriceServer } from '../../../../tests/support/price-server';
import { TronGridServer } from '../../../../tests/support/trongrid-server';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import { AdvisoryLock } from '../../db/advisory-lock';
import { auditLog, messages, orderEvents, orders, realtimeEvents } from '../../db/schema';
import { EventBus } from '../../platform/event-bus';
import { EventLog } from '../../platform/realtime/events';
import { EsploraReader, TronReader } from '../chain';
import { USDT_TRC20_CONTRACT_HEX } from '../chain/tron-reader';
import { lagosTime } from './check-deposit';
import { DepositWatcher } from './deposit-watcher';
import { watchDeposits } from './watch-deposits';

const BTC_SELL = '157254058.50';
const BTC_DEPOSIT_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const ELSEWHERE = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const MINUTE = 60_000;
/** The USDT contract's own address stands in for the desk's TRON address. */
const TRON_DEPOSIT_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const txHash = () => randomUUID().replaceAll('-', '') + randomUUID().replaceAll('-', '');
const logger = Fastify({ logger: false }).log;
/** A date as a block's time: unix seconds. */
const secs = (d: Date) => Math.floor(d.getTime() / 1000);

/** The market: BTC at $97,250.50 and USDT at $1.0002, so the desk's sell rates are 2 % and 1 % under it and published. */
const priceServer = new PriceServer();
beforeAll(() => priceServer.start());
afterAll(() => priceServer.stop());

describe.each(testDatabaseKinds())('the deposit watcher on $name', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let dataDir: string;
  const chain = new EsploraServer();
  const tron = new TronGridServer();
  /** The orders' clock: moved by hand, never waited for. */
  let now = new Date('2026-11-20T09:00:00.000Z');
  const cookie: Record<string, string> = {};
  let payoutAccountId = 0;

  const call = (who: string, method: InjectedCall['method'], url: string, body?: unknown) =>
    injectJson(app, {
      cookie: cookie[who],
      method,
      url,
      body,
      headers: method === 'POST' ? { 'idempotency-key': randomUUID() } : undefined,
    });
  /** One sweep; `payoutApprovalNaira` lower than the config's for a large order's test. */
  const watch = (payoutApprovalNaira = app.config.payoutApprovalNaira) =>
    watchDeposits({
      db: database.db,
      events: new EventLog(database, new EventBus()),
      now,
      readers: {
        BTC: new EsploraReader(testReaderOptions(chain.url)),
        'USDT-TRC20': new TronReader(testReaderOptions(tron.url)),
      },
      chain: app.config.chain,
      payoutApprovalNaira,
      logger,
    });
  const row = async (id: number) =>
    (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const read = async (id: number) =>
    orderSchema.parse((await call('ada', 'GET', `/api/orders/${id}`)).body);

  /** A 0.01 BTC order (or 100 USDT, or `amount`) awaiting its deposit at the desk address. */
  async function awaiting(coin = 'bitcoin', amount = coin === 'bitcoin' ? '0.01' : '100') {
    const chatSessionId = (await call('ada', 'POST', '/api/chat-sessions', { category: 'bitcoin' }))
      .body.id as number;
    const created = await placeOrder(app, cookie.ada, {
      chatSessionId,
      coin,
      amount,
      payoutAccountId,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return orderSchema.parse(created.body);
  }

  /** A 0.01 BTC order (or 100 USDT) with `hash` submitted as its deposit. */
  async function deposited(hash: string, coin = 'bitcoin'): Promise<Order> {
    const created = { body: await awaiting(coin) };
    const res = await call('ada', 'POST', `/api/orders/${created.body.id}/deposit`, {
      txHash: hash,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return orderSchema.parse(res.body);
  }

  beforeAll(async () => {
    await chain.start();
    await tron.start();
    database = await kind.open();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-chain-'));
    app = await createTestApp({
      database,
      clock: () => now,
      env: { DATA_DIR: dataDir, BTC_EXPLORER_URL: chain.url, PRICE_API_URL: priceServer.url },
    });
    await app.ready();
    await app.priceFeed.refresh();
    const ada = await makeCustomer(database.db);
    cookie.ada = await sessionCookie(database.db, ada);
    cookie.agent = await sessionCookie(database.db, await makeAgent(database.db));
    cookie.admin = await sessionCookie(database.db, await makeAgent(database.db, { admin: true }));
    payoutAccountId = await addPayoutAccount(app, cookie.ada, '012345670', 'Customer Ada');
    await addDepositAddress(app, cookie.admin, 'BTC', BTC_DEPOSIT_ADDRESS);
    await addDepositAddress(app, cookie.admin, 'USDT-TRC20', TRON_DEPOSIT_ADDRESS);
    await setSellRates(database.db, { bitcoin: BTC_SELL, usdt: '1633.83' });
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
    await chain.stop();
    await tron.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    chain.mode = 'ok';
    chain.failures = 0;
    tron.mode = 'ok';
    now = new Date(now.getTime() + 60 * MINUTE);
    // The chains move on: a test's blocks are newer than the tip its orders record.
    chain.tipHeight += 200;
    tron.headBlock += 200;
    // Each test's orders alone on the desk addresses: earlier ones would move its amounts.
    await database.db
      .update(orders)
      .set({ state: 'cancelled' })
      .where(inArray(orders.state, ['awaiting_deposit', 'deposit_seen']));
  });

  it('right address and amount: checking, then 0, 1 and 2 of 2 confirmations, then confirmed by the system, live and audited', async () => {
    const hash = txHash();
    const o = await deposited(hash);
    expect(o.chain).toEqual({
      confirmations: null,
      confirmationsRequired: null,
      receivedCrypto: null,
      firstSeenAt: null,
      problem: null,
      problemKind: null,
      checkedAt: null,
      differenceCrypto: null,
      differenceNaira: null,
      payoutHeld: false,
      confirmedByHand: false,
    });
    chain.add(hash, [{ address: BTC_DEPOSIT_ADDRESS, sats: 1_000_000 }]);
    expect(await watch()).toBe(0);
    expect((await read(o.id)).chain).toEqual({
      confirmations: 0,
      confirmationsRequired: 2,
      receivedCrypto: '0.01000000',
      firstSeenAt: now.toISOString(),
      problem: null,
      problemKind: null,
      checkedAt: now.toISOString(),
      differenceCrypto: null,
      differenceNaira: null,
      payoutHeld: false,
      confirmedByHand: false,
    });
    chain.mine(hash, Math.floor(now.getTime() / 1000));
    expect(await watch()).toBe(0);
    expect(await row(o.id)).toMatchObject({ state: 'deposit_seen', chainConfirmations: 1 });
    chain.tipHeight += 1;
    expect(await watch()).toBe(1);
    const done = await read(o.id);
    expect(done).toMatchObject({ state: 'deposit_confirmed', chain: { confirmations: 2 } });
    expect(done.timeline.at(-1)).toMatchObject({
      state: 'deposit_confirmed',
      actor: 'system',
      actorId: null,
      note: '2 of 2 confirmations on the chain',
    });
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, String(o.id))))
      .orderBy(asc(auditLog.id));
    expect(audit.at(-1)).toMatchObject({ action: 'order.chain-confirm', actorId: null });
    const pushed = await database.db
      .select()
      .from(realtimeEvents)
      .where(eq(realtimeEvents.chatSessionId, o.chatSessionId))
      .orderBy(asc(realtimeEvents.id));
    const confirmations = pushed
      .filter((e) => e.type === 'order.updated')
      .map((e) => (e.payload as { order: Order }).order.chain?.confirmations);
    expect(confirmations).toEqual([null, 0, 1, 2]);
    // A confirmed order is read on until its payout (a reorg could take the confirmations back),
    // quietly while nothing changes.
    chain.requests = [];
    const pushedBefore = await database.db.select().from(realtimeEvents);
    expect(await watch()).toBe(0);
    expect(chain.requests.filter((p) => p.includes(hash))).toEqual([`/api/tx/${hash}`]);
    expect(await database.db.select().from(realtimeEvents)).toHaveLength(pushedBefore.length);
  });

  it('a reorg takes confirmations back, and the order waits for them again', async () => {
    const hash = txHash();
    const o = await deposited(hash);
    chain.add(hash, [{ address: BTC_DEPOSIT_ADDRESS, sats: 1_000_000 }]);
    chain.mine(hash, Math.floor(now.getTime() / 1000));
    await watch();
    expect(await row(o.id)).toMatchObject({ chainConfirmations: 1, state: 'deposit_seen' });
    chain.txs.get(hash)!.blockHeight = null;
    chain.tipHeight += 1;
    await watch();
    expect(await row(o.id)).toMatchObject({ chainConfirmations: 0, state: 'deposit_seen' });
  });

  it('over PAYOUT_APPROVAL_NAIRA the chain confirms into payout_approval, and a reorg is still read', async () => {
    const hash = txHash();
    const o = await deposited(hash);
    chain.add(hash, [{ address: BTC_DEPOSIT_ADDRESS, sats: 1_000_000 }]);
    chain.mine(hash, Math.floor(now.getTime() / 1000));
    chain.tipHeight += 1;
    // The 0.01 BTC order's ₦1,572,540.59 is over a ₦1,572,540.58 threshold by a kobo.
    expect(await watch('1572540.58')).toBe(1);
    const waiting = await read(o.id);
    expect(waiting).toMatchObject({ state: 'payout_approval', chain: { confirmations: 2 } });
    expect(waiting.timeline.at(-1)).toMatchObject({ state: 'payout_approval', actor: 'system' });
    chain.txs.get(hash)!.blockHeight = null;
    await watch('1572540.58');
    expect(await row(o.id)).toMatchObject({
      state: 'payout_approval',
      chainConfirmations: 0,
      chainProblemKind: 'reorg',
    });
  });

  it('an output to another address never confirms, and the agent sees why', async () => {
    const hash = txHash();
    const o = await deposited(hash);
    chain.add(hash, [{ address: ELSEWHERE, sats: 1_000_000 }], chain.tipHeight - 5);
    expect(await watch()).toBe(0);
    expect(await row(o.id)).toMatchObject({
      state: 'deposit_seen',
      chainConfirmations: 6,
      chainProblem: `No output of this transaction goes to the deposit address ${BTC_DEPOSIT_ADDRESS}`,
    });
  });

  it.each([
    [990_000, "Received 0.0099 BTC: 0.0001 BTC (₦15,725.41) short of the order's 0.01 BTC"],
    [1_020_000, "Received 0.0102 BTC: 0.0002 BTC (₦31,450.81) over the order's 0.01 BTC"],
  ])(
    '%i satoshi is outside the 0.5%% tolerance: the difference in BTC and naira',
    async (sats, problem) => {
      const hash = txHash();
      const o = await deposited(hash);
      chain.add(hash, [{ address: BTC_DEPOSIT_ADDRESS, sats }], chain.tipHeight - 3);
      expect(await watch()).toBe(0);
      expect(await row(o.id)).toMatchObject({ state: 'deposit_seen', chainProblem: problem });
      expect((await read(o.id)).chain?.problem).toBe(problem);
    },
  );

  it('within the tolerance (0.4% short, in two outputs) it confirms, recording what came', async () => {
    const hash = txHash();
    const o = await deposited(hash);
    chain.add(
      hash,
      [
        { address: BTC_DEPOSIT_ADDRESS, sats: 500_000 },
        { address: ELSEWHERE, sats: 3 },
        { address: BTC_DEPOSIT_ADDRESS, sats: 496_000 },
      ],
      chain.tipHeight - 1,
      secs(now),
    );
    expect(await watch()).toBe(1);
    expect(await row(o.id)).toMatchObject({
      state: 'deposit_confirmed',
      chainReceivedCrypto: '0.00996000',
      chainProblem: null,
    });
  });

  it('problem texts give the time as Lagos reads it, not UTC', () => {
    expect(lagosTime(new Date('2026-11-20T23:15:30.000Z'))).toBe('21 Nov 2026, 00:15:30 WAT');
  });

  it('first seen after the rate lock ended: late, never confirmed by itself', async () => {
    const hash = txHash();
    const o = await deposited(hash);
    // Not on the chain yet while the lock holds: said so, nothing seen.
    await watch();
    expect(await row(o.id)).toMatchObject({
      chainConfirmations: 0,
      chainProblem: 'Not found on the chain',
      chainProblemKind: 'not_found',
      chainFirstSeenAt: null,
    });
    expect((await read(o.id)).chain).toMatchObject({ problemKind: 'not_found' });
    now = new Date(new Date(o.expiresAt).getTime() + MINUTE);
    chain.add(hash, [{ address: BTC_DEPOSIT_ADDRESS, sats: 1_000_000 }]);
    await watch();
    chain.mine(hash, Math.floor(now.getTime() / 1000));
    chain.tipHeight += 5;
    expect(await watch()).toBe(0);
    expect(await row(o.id)).toMatchObject({
      state: 'deposit_seen',
      chainConfirmations: 6,
      chainProblem: `First seen on the chain at ${lagosTime(now)}, after the rate lock ended at ${lagosTime(new Date(o.expiresAt))}`,
      chainProblemKind: 'late',
    });
  });

  it('an explorer that is down changes nothing; when it is back the order moves on', async () => {
    const hash = txHash();
    const o = await deposited(hash);
    chain.add(
      hash,
      [{ address: BTC_DEPOSIT_ADDRESS, sats: 1_000_000 }],
      chain.tipHeight - 2,
      secs(now),
    );
    for (const mode of ['error', 'rate-limited', 'garbage', 'hang'] as const) {
      chain.mode = mode;
      expect(await watch()).toBe(0);
      expect(await row(o.id)).toMatchObject({
        state: 'deposit_seen',
        chainConfirmations: null,
        chainCheckedAt: null,
      });
    }
    chain.mode = 'ok';
    expect(await watch()).toBe(1);
    expect((await row(o.id)).state).toBe('deposit_confirmed');
  });

  it('a transaction in the block the chain was at when the order was made is older than it: taken off the order, never confirmed; the next block is not', async () => {
    await watch();
    const hash = txHash();
    const o = await deposited(hash);
    const tip = (await row(o.id)).chainTipHeight!;
    expect(tip).toBe(chain.tipHeight);
    const mined = new Date(now.getTime() - 30 * MINUTE);
    chain.add(hash, [{ address: BTC_DEPOSIT_ADDRESS, sats: 1_000_000 }], tip, secs(mined));
    chain.tipHeight += 5;
    expect(await watch()).toBe(0);
    const problem = `Transaction ${hash}: Mined in block ${tip} at ${lagosTime(mined)}: older than this order (the chain was at block ${tip} when it was made). It is not this order's deposit`;
    expect(await row(o.id)).toMatchObject({
      state: 'awaiting_deposit',
      txHash: null,
      chainProblem: problem,
      chainProblemKind: 'old',
    });
    expect((await read(o.id)).chain?.problem).toBe(problem);
    // The customer gives the real deposit, mined in the block after: it counts.
    const next = txHash();
    chain.add(next, [{ address: BTC_DEPOSIT_ADDRESS, sats: 1_000_000 }], tip + 1, secs(now));
    expect(
      (await call('ada', 'POST', `/api/orders/${o.id}/deposit`, { txHash: next })).status,
    ).toBe(200);
    expect(await watch()).toBe(1);
    expect(await row(o.id)).toMatchObject({ state: 'deposit_confirmed', txHash: next });
  });

  it('a USDT-TRC20 transfer to the desk confirms at 19 blocks, amounts to 6 decimals', async () => {
    const hash = txHash();
    const o = await deposited(hash, 'usdt');
    tron.txs.set(hash, {
      transfers: [
        {
          contractHex: USDT_TRC20_CONTRACT_HEX,
          toHex: USDT_TRC20_CONTRACT_HEX,
          units: 99_600_000n,
        },
      ],
      blockNumber: tron.headBlock - 17,
      blockTimeStamp: now.getTime(),
    });
    expect(await watch()).toBe(0);
    expect(await row(o.id)).toMatchObject({
      state: 'deposit_seen',
      chainConfirmations: 18,
      chainConfirmationsRequired: 19,
      chainReceivedCrypto: '99.60000000',
      chainProblem: null,
    });
    // Read again with nothing new: nothing is pushed.
    const pushedBefore = await database.db.select().from(realtimeEvents);
    await watch();
    expect(await database.db.select().from(realtimeEvents)).toHaveLength(pushedBefore.length);
    tron.headBlock += 1;
    expect(await watch()).toBe(1);
    const done = await read(o.id);
    expect(done).toMatchObject({
      state: 'deposit_confirmed',
      chain: { confirmations: 19, confirmationsRequired: 19, receivedCrypto: '99.600000' },
    });
  });

  it('an agent confirms by hand with a reason, audited; the watcher then leaves it be', async () => {
    const hash = txHash();
    const o = await deposited(hash);
    const res = await call('agent', 'POST', `/api/orders/${o.id}/confirm-deposit`, {
      reason: 'Seen on our own node',
    });
    expect(res.status).toBe(200);
    expect(res.body.timeline.at(-1)).toMatchObject({
      state: 'deposit_confirmed',
      actor: 'agent',
      note: 'Seen on our own node',
    });
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entityId, String(o.id)), eq(auditLog.action, 'order.confirm-deposit')),
      );
    expect(audit!.after).toMatchObject({ note: 'Seen on our own node' });
    chain.add(hash, [{ address: ELSEWHERE, sats: 1 }], chain.tipHeight);
    await watch();
    expect(await row(o.id)).toMatchObject({ state: 'deposit_confirmed', chainConfirmations: null });
    const events = await database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, o.id));
    expect(events.filter((e) => e.state === 'deposit_confirmed')).toHaveLength(1);
  });

  describe('nothing confirmed blind: a hand confirmation the chain has not vouched for', () => {
    const confirm = (id: number, body?: unknown) =>
      call('agent', 'POST', `/api/orders/${id}/confirm-deposit`, body);
    const auditOf = async (id: number) =>
      (
        await database.db
          .select()
          .from(auditLog)
          .where(
            and(eq(auditLog.entityId, String(id)), eq(auditLog.action, 'order.confirm-deposit')),
          )
      )[0];
    const depositProblems = async () =>
      orderPageSchema.parse(
        (await call('agent', 'GET', '/api/orders?attention=deposit&limit=100')).body,
      ).items;

    it('a hash the chain never saw: listed at once; a reason of 10+ characters; audited with "Not found on the chain"', async () => {
      const o = await deposited(txHash());
      await watch();
      const before = (await depositProblems()).find((x) => x.id === o.id);
      expect(before && depositAttention(before)).toEqual([
        { kind: 'problem', text: 'Not found on the chain' },
      ]);
      for (const body of [undefined, {}, { reason: '  too short ' }]) {
        const res = await confirm(o.id, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body).toEqual({
          error:
            'The chain says: Not found on the chain. Say why you confirm it by hand (at least 10 characters).',
        });
      }
      expect((await row(o.id)).state).toBe('deposit_seen');
      const res = await confirm(o.id, { reason: 'Customer showed the wallet screen' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await auditOf(o.id))!.after).toMatchObject({
        state: 'deposit_confirmed',
        note: 'Customer showed the wallet screen',
        chain: {
          reading: 'Not found on the chain',
          confirmations: 0,
          confirmationsRequired: 2,
          receivedCrypto: null,
          problem: 'Not found on the chain',
          problemKind: 'not_found',
          checkedAt: now.toISOString(),
        },
      });
      // Still a deposit problem after: confirmed by hand below the count, until it is paid out.
      const after = (await depositProblems()).find((x) => x.id === o.id);
      expect(after && depositAttention(after)).toEqual([
        { kind: 'problem', text: 'Not found on the chain' },
        { kind: 'hand_confirmed', text: 'Confirmed by hand at 0 of 2 confirmations' },
      ]);
    });

    it('1 of 2 confirmations: the 400 says so; before any read, too', async () => {
      const unread = await deposited(txHash());
      expect((await confirm(unread.id)).body).toEqual({
        error:
          'The chain says: Not read on the chain yet. Say why you confirm it by hand (at least 10 characters).',
      });
      const hash = txHash();
      const o = await deposited(hash);
      chain.add(
        hash,
        [{ address: BTC_DEPOSIT_ADDRESS, sats: 1_000_000 }],
        ++chain.tipHeight,
        secs(now),
      );
      await watch();
      const res = await confirm(o.id, {});
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(
        'The chain says: 1 of 2 confirmations. Say why you confirm it by hand (at least 10 characters).',
      );
      expect((await depositProblems()).map((x) => x.id)).not.toContain(o.id);
      expect((await confirm(o.id, { reason: 'Our own node shows 2' })).status).toBe(200);
      expect((await auditOf(o.id))!.after).toMatchObject({
        chain: { reading: '1 of 2 confirmations', confirmations: 1, problem: null },
      });
      const listed = (await depositProblems()).find((x) => x.id === o.id);
      expect(listed && depositAttention(listed)).toEqual([
        { kind: 'hand_confirmed', text: 'Confirmed by hand at 1 of 2 confirmations' },
      ]);
    });

    it('with the confirmations counted and no problem, no reason is needed', async () => {
      const hash = txHash();
      const o = await deposited(hash);
      // As the chain would have it a moment before the watcher confirms it itself.
      await database.db
        .update(orders)
        .set({ chainConfirmations: 2, chainConfirmationsRequired: 2, chainCheckedAt: now })
        .where(eq(orders.id, o.id));
      const res = await confirm(o.id);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await auditOf(o.id))!.after).toMatchObject({
        chain: { reading: '2 of 2 confirmations' },
      });
      expect((await depositProblems()).map((x) => x.id)).not.toContain(o.id);
    });

    it('a short deposit is never confirmed at the full total, whatever the reason: re-quote or return', async () => {
      const hash = txHash();
      const o = await deposited(hash);
      chain.add(
        hash,
        [{ address: BTC_DEPOSIT_ADDRESS, sats: 990_000 }],
        chain.tipHeight - 1,
        secs(now),
      );
      await watch();
      const res = await confirm(o.id, { reason: 'The customer promises the rest' });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        error: `Order ${o.reference}'s deposit is short by 0.0001 BTC (₦15,725.41): it cannot be confirmed at the full total. Re-quote it at the received amount or return it.`,
      });
      expect(await row(o.id)).toMatchObject({ state: 'deposit_seen', totalNaira: o.totalNaira });
      expect(await auditOf(o.id)).toBeUndefined();
    });

    it('an over deposit may be confirmed at the ordered total, with a reason and the reading audited', async () => {
      const hash = txHash();
      const o = await deposited(hash);
      chain.add(
        hash,
        [{ address: BTC_DEPOSIT_ADDRESS, sats: 1_020_000 }],
        chain.tipHeight - 1,
        secs(now),
      );
      await watch();
      expect((await confirm(o.id)).status).toBe(400);
      const res = await confirm(o.id, { reason: 'Customer gifts the extra' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await auditOf(o.id))!.after).toMatchObject({
        chain: {
          reading: '2 of 2 confirmations; Over by 0.0002 BTC (₦31,450.81)',
          problemKind: 'over',
          receivedCrypto: '0.01020000',
        },
      });
    });
  });

  describe('a BTC deposit to the desk address without a tx hash', () => {
    beforeEach(() => chain.txs.clear());

    it('is attached to the one order waiting on the address, which moves on by itself', async () => {
      const o = await awaiting();
      // Nothing paid yet: the order waits, and says nothing.
      expect(await watch()).toBe(0);
      expect(await row(o.id)).toMatchObject({ state: 'awaiting_deposit', chainProblem: null });
      const hash = txHash();
      chain.add(hash, [
        { address: BTC_DEPOSIT_ADDRESS, sats: 1_000_000 },
        { address: ELSEWHERE, sats: 20_000 },
      ]);
      expect(await watch()).toBe(0);
      const seen = await read(o.id);
      expect(seen).toMatchObject({
        state: 'deposit_seen',
        txHash: hash,
        chain: { confirmations: 0, receivedCrypto: '0.01000000', problem: null },
      });
      expect(seen.timeline.at(-1)).toMatchObject({
        state: 'deposit_seen',
        actor: 'system',
        note: `Transaction ${hash} to the deposit address found on the chain`,
      });
      const [audit] = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, String(o.id)), eq(auditLog.action, 'order.chain-attach')));
      expect(audit).toMatchObject({
        actorId: null,
        after: { state: 'deposit_seen', txHash: hash },
      });
      chain.mine(hash, secs(now));
      chain.tipHeight += 1;
      expect(await watch()).toBe(1);
      expect((await row(o.id)).state).toBe('deposit_confirmed');
    });

    it("the customer's screenshot is still added when the watcher attached the same transaction first", async () => {
      const o = await awaiting();
      const hash = txHash();
      chain.add(hash, [{ address: BTC_DEPOSIT_ADDRESS, sats: 1_000_000 }]);
      await watch();
      expect((await row(o.id)).state).toBe('deposit_seen');
      // The hash alone, which the watcher already attached: the order, not a 409.
      const same = await call('ada', 'POST', `/api/orders/${o.id}/deposit`, { txHash: hash });
      expect(same.status, JSON.stringify(same.body)).toBe(200);
      expect(orderSchema.parse(same.body)).toMatchObject({ state: 'deposit_seen', txHash: hash });
      const screenshot = await uploadImage(app, {
        cookie: cookie.ada,
        chatSessionId: o.chatSessionId,
      });
      const other = await call('ada', 'POST', `/api/orders/${o.id}/deposit`, {
        txHash: txHash(),
        screenshotMessageId: screenshot,
      });
      expect(other.status).toBe(409);
      expect(other.body.error).toBe(
        `Order ${o.reference} already has its deposit: transaction ${hash}`,
      );
      const res = await call('ada', 'POST', `/api/orders/${o.id}/deposit`, {
        txHash: hash.toUpperCase(),
        screenshotMessageId: screenshot,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const added = orderSchema.parse(res.body);
      expect(added).toMatchObject({
        state: 'deposit_seen',
        txHash: hash,
        depositScreenshot: { messageId: screenshot },
      });
      expect(added.timeline.at(-1)).toMatchObject({
        state: 'deposit_seen',
        actor: 'customer',
        note: 'Deposit screenshot added',
      });
      // Once there, it is not replaced.
      const again = await call('ada', 'POST', `/api/orders/${o.id}/deposit`, {
        txHash: hash,
        screenshotMessageId: await uploadImage(app, {
          cookie: cookie.ada,
          chatSessionId: o.chatSessionId,
        }),
      });
      expect(again.status).toBe(409);
      expect((await read(o.id)).depositScreenshot?.messageId).toBe(screenshot);
    });

    it('a short one is attached too, and shown short to the agent', async () => {
      const o = await awaiting();
      const hash = txHash();
      chain.add(hash, [{ address: BTC_DEPOSIT_ADDRESS, sats: 900_000 }]);
      await watch();
      expect((await read(o.id)).chain).toMatchObject({
        receivedCrypto: '0.00900000',
        differenceCrypto: '-0.00100000',
        differenceNaira: '-157254.06',
        problem: "Received 0.009 BTC: 0.001 BTC (₦157,254.06) short of the order's 0.01 BTC",
      });
    });

    it('a transaction another order holds is never attached again', async () => {
      const held = txHash();
      await deposited(held);
      const o = await awaiting();
      chain.add(held, [{ address: BTC_DEPOSIT_ADDRESS, sats: 1_000_000 }]);
      await watch();
      expect(await row(o.id)).toMatchObject({ state: 'awaiting_deposit', txHash: null });
    });

    it('one mined at or below the tip the order recorded, or after its lock, is not the order’s', async () => {
      await watch();
      const o = await awaiting();
      chain.add(
        txHash(),
        [{ address: BTC_DEPOSIT_ADDRESS, sats: 1_000_000 }],
        (await row(o.id)).chainTipHeight!,
        secs(now),
      );
      await watch();
      expect(await row(o.id)).toMatchObject({ state: 'awaiting_deposit', txHash: null });
      // After the lock the order is no longer watched for: it expires.
      now = new Date(new Date(o.expiresAt).getTime() + MINUTE);
      chain.add(txHash(), [{ address: BTC_DEPOSIT_ADDRESS, sats: 1_000_000 }]);
      await watch();
      expect(await row(o.id)).toMatchObject({ state: 'awaiting_deposit', txHash: null });
    });

    it('of two orders waiting on the address, the one whose amount it matches gets it', async () => {
      const small = await awaiting('bitcoin', '0.005');
      const large = await awaiting('bitcoin', '0.02');
      const hash = txHash();
      chain.add(hash, [{ address: BTC_DEPOSIT_ADDRESS, sats: 2_000_000 }]);
      await watch();
      expect(await row(large.id)).toMatchObject({ state: 'deposit_seen', txHash: hash });
      expect(await row(small.id)).toMatchObject({
        state: 'awaiting_deposit',
        txHash: null,
        chainProblem: null,
      });
    });

    it('two orders on one address never ask for the same amount; a payment within the tolerance of both is guessed for neither', async () => {
      const first = await awaiting();
      const second = await awaiting();
      expect(first.amountCrypto).toBe('0.01000000');
      expect(second.amountCrypto).toBe('0.00999999');
      expect(second.totalNaira).toBe('1572539.01');
      const hash = txHash();
      chain.add(hash, [{ address: BTC_DEPOSIT_ADDRESS, sats: 999_500 }]);
      expect(await watch()).toBe(0);
      const problem = `Transaction ${hash} sends 0.009995 BTC to ${BTC_DEPOSIT_ADDRESS}, which 2 orders wait on (${first.reference}, ${second.reference}) for amounts it is within the tolerance of: it was not attached by itself. Ask the customer for the tx hash.`;
      for (const o of [first, second]) {
        expect(await row(o.id)).toMatchObject({
          state: 'awaiting_deposit',
          txHash: null,
          chainProblem: problem,
          chainProblemKind: 'unclear',
        });
        expect((await read(o.id)).chain?.problem).toBe(problem);
      }
      // The customer gives the hash: that order holds it, but it settles neither by itself.
      const res = await call('ada', 'POST', `/api/orders/${second.id}/deposit`, { txHash: hash });
      expect(res.status).toBe(200);
      chain.mine(hash, secs(now));
      chain.tipHeight += 2;
      expect(await watch()).toBe(0);
      expect(await row(first.id)).toMatchObject({ state: 'awaiting_deposit', chainProblem: null });
      expect(await row(second.id)).toMatchObject({
        state: 'deposit_seen',
        chainProblem: `This transaction sends 0.009995 BTC, within the tolerance of this order's 0.00999999 BTC and of order ${first.reference} on the same address: it is neither's by itself. An agent decides`,
        chainProblemKind: 'unclear',
      });
    });

    it("a payment carrying one order's exact amount is that order's", async () => {
      const first = await awaiting();
      const second = await awaiting();
      const hash = txHash();
      chain.add(hash, [{ address: BTC_DEPOSIT_ADDRESS, sats: 999_999 }]);
      await watch();
      expect(await row(second.id)).toMatchObject({ state: 'deposit_seen', txHash: hash });
      expect(await row(first.id)).toMatchObject({ state: 'awaiting_deposit', txHash: null });
    });
  });

  describe('a deposit outside the tolerance', () => {
    /** An order whose 0.0099 BTC deposit (1% short) the watcher has read. */
    async function short(): Promise<Order> {
      const hash = txHash();
      const o = await deposited(hash);
      chain.add(
        hash,
        [{ address: BTC_DEPOSIT_ADDRESS, sats: 990_000 }],
        chain.tipHeight - 1,
        secs(now),
      );
      expect(await watch()).toBe(0);
      return read(o.id);
    }

    it('shows the difference in BTC and naira, signed strings', async () => {
      const o = await short();
      expect(o.chain).toMatchObject({
        receivedCrypto: '0.00990000',
        differenceCrypto: '-0.00010000',
        differenceNaira: '-15725.41',
      });
    });

    it('re-quoted at the amount received and the locked rate: the customer accepts, and it confirms; audited', async () => {
      const o = await short();
      expect((await call('ada', 'GET', `/api/orders/${o.id}/requote-preview`)).status).toBe(403);
      const previewed = await call('agent', 'GET', `/api/orders/${o.id}/requote-preview`);
      expect(previewed.status, JSON.stringify(previewed.body)).toBe(200);
      const preview = requotePreviewSchema.parse(previewed.body);
      expect(preview).toMatchObject({
        coin: 'bitcoin',
        amountCrypto: '0.00990000',
        rateNaira: BTC_SELL,
        totalNaira: '1556815.18',
        wasAmountCrypto: '0.01000000',
        wasTotalNaira: '1572540.59',
        payoutAccount: { id: o.payoutAccount!.id, accountNumber: o.payoutAccount!.accountNumber },
        requoteVersion: '0.00990000',
      });
      expect(preview.marketRateNaira).not.toBeNull();
      expect(preview.marketDeviationPercent).toMatch(/^-?\d+\.\d{2}$/);
      const body = { requoteVersion: preview.requoteVersion };
      expect((await call('ada', 'POST', `/api/orders/${o.id}/requote`, body)).status).toBe(403);
      expect((await call('agent', 'POST', `/api/orders/${o.id}/requote`, {})).status).toBe(400);
      const res = await call('agent', 'POST', `/api/orders/${o.id}/requote`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const requoted = orderSchema.parse(res.body);
      // The figures previewed are the figures set.
      expect(requoted).toMatchObject({
        state: 'requoted',
        amountCrypto: preview.amountCrypto,
        rateNaira: preview.rateNaira,
        totalNaira: preview.totalNaira,
        chain: { differenceCrypto: null, problem: null },
      });
      expect(requoted.timeline.at(-1)).toMatchObject({
        state: 'requoted',
        actor: 'agent',
        note: 'Re-quoted at the amount received: 0.0099 BTC for ₦1,556,815.18 (was 0.01 BTC for ₦1,572,540.59) at the locked rate of ₦157,254,058.50',
      });
      const [audit] = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, String(o.id)), eq(auditLog.action, 'order.requote')));
      expect(audit!.after).toMatchObject({
        state: 'requoted',
        amountCrypto: '0.00990000',
        totalNaira: '1556815.18',
      });
      // Not the agent's to accept; the customer's.
      expect((await call('agent', 'POST', `/api/orders/${o.id}/accept-requote`, {})).status).toBe(
        403,
      );
      const accepted = await call('ada', 'POST', `/api/orders/${o.id}/accept-requote`, {});
      expect(accepted.status).toBe(200);
      expect(accepted.body.state).toBe('deposit_seen');
      chain.tipHeight += 1;
      expect(await watch()).toBe(1);
      expect(await row(o.id)).toMatchObject({
        state: 'deposit_confirmed',
        chainProblem: null,
        chainAmountOffCrypto: null,
      });
    });

    it('a deposit within the tolerance is not re-quoted (409)', async () => {
      const hash = txHash();
      const fine = await deposited(hash);
      chain.add(hash, [{ address: BTC_DEPOSIT_ADDRESS, sats: 1_000_000 }]);
      await watch();
      expect((await call('agent', 'GET', `/api/orders/${fine.id}/requote-preview`)).status).toBe(
        409,
      );
      const res = await call('agent', 'POST', `/api/orders/${fine.id}/requote`, {
        requoteVersion: '0.01000000',
      });
      expect(res.status).toBe(409);
      expect(res.body.error).toMatch(/nothing to re-quote/);
    });

    it('a re-quote whose received amount changed since its preview is refused (409) with the new preview', async () => {
      const hash = txHash();
      const o = await deposited(hash);
      chain.add(
        hash,
        [{ address: BTC_DEPOSIT_ADDRESS, sats: 990_000 }],
        chain.tipHeight - 1,
        secs(now),
      );
      await watch();
      const before = requotePreviewSchema.parse(
        (await call('agent', 'GET', `/api/orders/${o.id}/requote-preview`)).body,
      );
      // The chain now reads 0.0098 BTC: the previewed total no longer holds.
      chain.add(
        hash,
        [{ address: BTC_DEPOSIT_ADDRESS, sats: 980_000 }],
        chain.tipHeight - 1,
        secs(now),
      );
      await watch();
      const res = await call('agent', 'POST', `/api/orders/${o.id}/requote`, {
        requoteVersion: before.requoteVersion,
      });
      expect(res.status).toBe(409);
      const changed = requoteChangedSchema.parse(res.body);
      expect(changed.preview).toMatchObject({
        amountCrypto: '0.00980000',
        totalNaira: '1541089.77',
      });
      expect(changed.error).toBe('The amount received changed: the new total is now ₦1,541,089.77');
      expect((await row(o.id)).state).toBe('deposit_seen');
      const again = await call('agent', 'POST', `/api/orders/${o.id}/requote`, {
        requoteVersion: changed.preview.requoteVersion,
      });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ amountCrypto: '0.00980000', totalNaira: '1541089.77' });
    });

    it('a short deposit first seen after the lock is not re-quoted at the locked rate (409)', async () => {
      const hash = txHash();
      const o = await deposited(hash);
      now = new Date(Date.parse(o.expiresAt) + MINUTE);
      chain.add(hash, [{ address: BTC_DEPOSIT_ADDRESS, sats: 990_000 }]);
      await watch();
      expect((await read(o.id)).chain?.differenceCrypto).toBe('-0.00010000');
      const res = await call('agent', 'POST', `/api/orders/${o.id}/requote`, {
        requoteVersion: '0.00990000',
      });
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(
        `Order ${o.reference}'s deposit was first seen after its rate lock: return it, or confirm it by hand with a reason`,
      );
      expect((await row(o.id)).state).toBe('deposit_seen');
    });

    it('returned: the agent says why, then records the return tx hash; refunded, audited', async () => {
      const o = await short();
      expect((await call('agent', 'POST', `/api/orders/${o.id}/return-deposit`, {})).status).toBe(
        400,
      );
      const res = await call('agent', 'POST', `/api/orders/${o.id}/return-deposit`, {
        reason: 'Customer wants the coins back',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ state: 'deposit_returning' });
      const bad = await call('agent', 'POST', `/api/orders/${o.id}/returned`, {
        returnTxHash: 'xyz',
      });
      expect(bad.status).toBe(400);
      const back = txHash();
      const done = await call('agent', 'POST', `/api/orders/${o.id}/returned`, {
        returnTxHash: back.toUpperCase(),
      });
      expect(done.status).toBe(200);
      expect(orderSchema.parse(done.body)).toMatchObject({ state: 'refunded', returnTxHash: back });
      const actions = (
        await database.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.entityId, String(o.id)))
          .orderBy(asc(auditLog.id))
      ).map((a) => a.action);
      expect(actions.slice(-2)).toEqual(['order.return-deposit', 'order.returned']);
    });

    it("the agents' Orders view lists short, late and image-flagged deposits, each with its reason", async () => {
      const shortOne = await short();
      const lateHash = txHash();
      const late = await deposited(lateHash);
      now = new Date(Date.parse(late.expiresAt) + 5 * MINUTE);
      chain.add(lateHash, [{ address: BTC_DEPOSIT_ADDRESS, sats: 1_000_000 }]);
      await watch();
      const fineHash = txHash();
      const fine = await deposited(fineHash);
      chain.add(fineHash, [{ address: BTC_DEPOSIT_ADDRESS, sats: 1_000_000 }]);
      await watch();
      const flagged = await awaiting();
      await database.db.insert(messages).values({
        chatSessionId: flagged.chatSessionId,
        senderId: flagged.customerId,
        messageType: 'image',
        clientMessageId: randomUUID(),
        imageSeenBefore: {
          messageId: 1,
          chatSessionId: 424242,
          seenAt: now.toISOString(),
          kind: 'same_receipt',
          reference: 'ZIB145986609996',
          orderReference: 'AC-7Q2M9K',
        },
        createdAt: now,
      });
      const res = await call('agent', 'GET', '/api/orders?attention=deposit&limit=100');
      expect(res.status).toBe(200);
      const listed = orderPageSchema.parse(res.body).items;
      const ids = listed.map((o) => o.id);
      expect(ids).toEqual(expect.arrayContaining([shortOne.id, late.id, flagged.id]));
      expect(ids).not.toContain(fine.id);
      const reasons = (id: number) => depositAttention(listed.find((o) => o.id === id)!);
      expect(reasons(shortOne.id)).toEqual([
        { kind: 'short', text: 'Short by 0.0001 BTC (₦15,725.41)' },
      ]);
      expect(reasons(late.id)).toEqual([
        { kind: 'late', text: 'Late: first seen 5 min after the rate lock ended' },
      ]);
      expect(reasons(flagged.id)).toEqual([
        {
          kind: 'image_seen_before',
          text: 'Same receipt as order AC-7Q2M9K (reference ZIB145986609996)',
        },
      ]);
      expect(listed.find((o) => o.id === flagged.id)?.imageSeenBefore?.messageId).toBe(1);
      // Never the customer's: no filter, and no image flag on their own orders.
      expect((await call('ada', 'GET', '/api/orders?attention=deposit')).status).toBe(403);
      const own = orderPageSchema.parse(
        (await call('ada', 'GET', `/api/orders?chatSessionId=${flagged.chatSessionId}`)).body,
      ).items;
      expect(own[0]).toMatchObject({ id: flagged.id });
      expect(own[0]).not.toHaveProperty('imageSeenBefore');
    });

    it('the customer turns the new total down: the deposit goes back', async () => {
      const o = await short();
      await call('agent', 'POST', `/api/orders/${o.id}/requote`, { requoteVersion: '0.00990000' });
      const res = await call('ada', 'POST', `/api/orders/${o.id}/decline-requote`, {});
      expect(res.status).toBe(200);
      expect(res.body.state).toBe('deposit_returning');
      expect(res.body.timeline.at(-1)).toMatchObject({
        actor: 'customer',
        note: 'The customer asked for the deposit back',
      });
    });
  });

  describe('each deposit belongs to one order (decision 030)', () => {
    /** A USDT transfer of `units` to the desk's TRON address, mined now in a new block. */
    const tronTransfer = (hash: string, units: bigint) =>
      tron.txs.set(hash, {
        transfers: [
          { contractHex: USDT_TRC20_CONTRACT_HEX, toHex: USDT_TRC20_CONTRACT_HEX, units },
        ],
        blockNumber: tron.headBlock - 10,
        blockTimeStamp: now.getTime(),
      });

    it("B cannot settle with A's hash on a shared address: the payment goes to A, whose exact amount it carries", async () => {
      const a = await awaiting('usdt', '500');
      const b = await awaiting('usdt', '500');
      expect([a.amountCrypto, b.amountCrypto]).toEqual(['500.000000', '499.999999']);
      const hash = txHash();
      tronTransfer(hash, 500_000_000n);
      // B gives A's transaction first (public on the chain).
      const byB = await call('ada', 'POST', `/api/orders/${b.id}/deposit`, { txHash: hash });
      expect(byB.status).toBe(200);
      tron.headBlock += 19;
      expect(await watch()).toBe(0);
      expect(await row(b.id)).toMatchObject({
        state: 'awaiting_deposit',
        txHash: null,
        chainProblem: `Transaction ${hash}: This transaction sends 500 USDT, exactly the amount of order ${a.reference} on the same address: it is that order's deposit, not this one's`,
        chainProblemKind: 'other_order',
      });
      expect(await row(a.id)).toMatchObject({ state: 'deposit_seen', txHash: hash });
      // A gives their own hash: the order, not a 409; then it confirms. B never does.
      const byA = await call('ada', 'POST', `/api/orders/${a.id}/deposit`, { txHash: hash });
      expect(byA.status, JSON.stringify(byA.body)).toBe(200);
      expect(await watch()).toBe(1);
      expect(await row(a.id)).toMatchObject({ state: 'deposit_confirmed', txHash: hash });
      expect(await row(b.id)).toMatchObject({ state: 'awaiting_deposit', txHash: null });
    });

    it('a TRON transfer from a block before the order is older than it, whatever its confirmations', async () => {
      await watch();
      const hash = txHash();
      const o = await deposited(hash, 'usdt');
      const tip = (await row(o.id)).chainTipHeight!;
      tron.txs.set(hash, {
        transfers: [
          {
            contractHex: USDT_TRC20_CONTRACT_HEX,
            toHex: USDT_TRC20_CONTRACT_HEX,
            units: 100_000_000n,
          },
        ],
        blockNumber: tip + 1,
        // An hour before the order: TRON's block times are exact.
        blockTimeStamp: now.getTime() - 60 * MINUTE,
      });
      tron.headBlock = tip + 1200;
      expect(await watch()).toBe(0);
      expect(await row(o.id)).toMatchObject({
        state: 'awaiting_deposit',
        txHash: null,
        chainProblemKind: 'old',
      });
    });

    it('a USDT transfer to the desk address without a hash is found through the account listing and attached', async () => {
      const o = await awaiting('usdt', '100');
      const hash = txHash();
      tronTransfer(hash, 100_000_000n);
      await watch();
      expect(await row(o.id)).toMatchObject({ state: 'deposit_seen', txHash: hash });
      tron.headBlock += 19;
      expect(await watch()).toBe(1);
      expect((await row(o.id)).state).toBe('deposit_confirmed');
    });

    it('a small payment is listed to agents, never attached, and never blocks the real deposit', async () => {
      const o = await awaiting('bitcoin', '0.0333');
      const dust = txHash();
      chain.add(dust, [{ address: BTC_DEPOSIT_ADDRESS, sats: 5_000 }]);
      expect(await watch()).toBe(0);
      expect(await row(o.id)).toMatchObject({
        state: 'awaiting_deposit',
        txHash: null,
        chainProblem: `A small payment: transaction ${dust} sends 0.00005 BTC to ${BTC_DEPOSIT_ADDRESS}, under 10 % of the order's 0.0333 BTC. It is not the deposit`,
        chainProblemKind: 'small_payment',
      });
      // Given as the deposit by hand, it is taken off again.
      expect(
        (await call('ada', 'POST', `/api/orders/${o.id}/deposit`, { txHash: dust })).status,
      ).toBe(200);
      await watch();
      expect(await row(o.id)).toMatchObject({
        state: 'awaiting_deposit',
        txHash: null,
        chainProblemKind: 'small_payment',
      });
      const real = txHash();
      chain.add(real, [{ address: BTC_DEPOSIT_ADDRESS, sats: 3_330_000 }]);
      await watch();
      expect(await row(o.id)).toMatchObject({
        state: 'deposit_seen',
        txHash: real,
        chainProblem: null,
      });
    });

    it('50 orders placed at once on one address: no two ask for the same amount', async () => {
      const chats = await Promise.all(
        Array.from(
          { length: 50 },
          async () =>
            (await call('ada', 'POST', '/api/chat-sessions', { category: 'bitcoin' })).body
              .id as number,
        ),
      );
      const placed = await Promise.all(
        chats.map((chatSessionId) =>
          placeOrder(app, cookie.ada, {
            chatSessionId,
            coin: 'bitcoin',
            amount: '0.01',
            payoutAccountId,
          }),
        ),
      );
      expect(placed.map((p) => p.status)).toEqual(Array(50).fill(201));
      const orders = placed.map((p) => orderSchema.parse(p.body));
      const amounts = orders.map((o) => o.amountCrypto);
      expect(new Set(amounts).size).toBe(50);
      // Each naira total is its own amount's, worked out in SQL by the app's rule (half up, kobo).
      for (const o of orders) expect(o.totalNaira).toBe(tradeTotal(o.amountCrypto, o.rateNaira));
      // The fewest satoshi each: 0.01 and 49 others within 25 satoshi of it.
      for (const amount of amounts) {
        expect(Math.abs(Number(amount.replace('.', '')) - 1_000_000)).toBeLessThanOrEqual(25);
      }
    }, 120_000);

    it('a hung TronGrid never delays a BTC confirmation by more than one watch interval (10 USDT orders watched)', async () => {
      // Timing for real, on a scale a busy machine keeps: the BTC pass takes a few hundredths of
      // a second, TronGrid's hangs until the test lets it go.
      const intervalMs = 2_500;
      for (let i = 0; i < 10; i++) await deposited(txHash(), 'usdt');
      const hash = txHash();
      const btc = await deposited(hash);
      chain.add(
        hash,
        [{ address: BTC_DEPOSIT_ADDRESS, sats: 1_000_000 }],
        chain.tipHeight - 1,
        secs(now),
      );
      tron.mode = 'hang';
      const bus = new EventBus();
      const watcher = new DepositWatcher({
        db: database.db,
        events: new EventLog(database, bus),
        clock: () => now,
        readers: {
          BTC: new EsploraReader(testReaderOptions(chain.url)),
          // A hung TronGrid request would give up only after the test's time: the pass (the tip,
          // then 10 reads 4 at a time) lasts until the test ends the hang.
          'USDT-TRC20': new TronReader(
            testReaderOptions(tron.url, { timeoutMs: 60_000, attempts: 1 }),
          ),
        },
        chain: app.config.chain,
        payoutApprovalNaira: app.config.payoutApprovalNaira,
        logger,
      });
      /**
       * When the watcher's change confirming order `id` commits (its `order.updated` event), in
       * ms after `from`; fails once `withinMs` have passed without it.
       */
      const confirmedWithin = (id: number, from: number, withinMs: number) =>
        new Promise<number>((resolve, reject) => {
          const deadline = setTimeout(() => {
            off();
            reject(new Error(`order ${id} was not confirmed within ${withinMs} ms`));
          }, withinMs);
          const off = bus.on('eventsCommitted', ({ events }) => {
            const confirmed = events.some(
              (e) =>
                e.type === 'order.updated' &&
                e.order.id === id &&
                e.order.state === 'deposit_confirmed',
            );
            if (!confirmed) return;
            clearTimeout(deadline);
            off();
            resolve(Date.now() - from);
          });
        });
      const started = Date.now();
      const first = confirmedWithin(btc.id, started, intervalMs);
      watcher.tick();
      let firstPassesEnded = false;
      const firstPasses = watcher.idle().then(() => (firstPassesEnded = true));
      const timer = setInterval(() => watcher.tick(), intervalMs);
      try {
        expect(await first).toBeLessThan(intervalMs);
        expect(await row(btc.id)).toMatchObject({ state: 'deposit_confirmed' });
        // A BTC deposit arriving while TronGrid's pass still hangs: read on the next tick.
        const next = txHash();
        const second = await deposited(next);
        chain.add(
          next,
          [{ address: BTC_DEPOSIT_ADDRESS, sats: 999_999 }],
          chain.tipHeight + 1,
          secs(now),
        );
        chain.tipHeight += 2;
        await confirmedWithin(second.id, Date.now(), 2 * intervalMs);
        // TronGrid's first pass was still running all that time.
        expect(firstPassesEnded).toBe(false);
      } finally {
        clearInterval(timer);
        // TronGrid answers again, and the request it held is cut: the pass reads the rest.
        tron.mode = 'ok';
        tron.endHanging();
      }
      await firstPasses;
      await watcher.idle();
      expect(tron.requests.length).toBeGreaterThanOrEqual(11);
    }, 60_000);
  });

  describe('after the deposit is confirmed, until the payout', () => {
    it('a reorganised block takes confirmations back: flagged, the payout waits until they are back', async () => {
      const hash = txHash();
      const o = await deposited(hash);
      chain.add(hash, [{ address: BTC_DEPOSIT_ADDRESS, sats: 1_000_000 }]);
      chain.mine(hash, secs(now));
      chain.tipHeight += 1;
      expect(await watch()).toBe(1);
      chain.reorganise(hash);
      expect(await watch()).toBe(0);
      const held = await read(o.id);
      expect(held).toMatchObject({
        state: 'deposit_confirmed',
        chain: {
          confirmations: 0,
          payoutHeld: true,
          problem:
            'Confirmations went back to 0 of 2 (a reorganised block): the payout waits until they are back, or an agent confirms it by hand with a reason',
        },
      });
      const payout = await call('agent', 'POST', `/api/orders/${o.id}/payout`, {
        bankReference: 'GTB-1',
        proofMessageId: 1,
      });
      expect(payout.status).toBe(409);
      expect(payout.body.error).toBe(
        `Order ${o.reference}'s deposit is back to 0 of 2 confirmations after a reorganised block: wait for them, or confirm the deposit by hand with a reason`,
      );
      chain.mine(hash, secs(now));
      chain.tipHeight += 1;
      await watch();
      expect((await read(o.id)).chain).toMatchObject({
        confirmations: 2,
        payoutHeld: false,
        problem: null,
      });
    });

    it('an agent lets the payout go ahead by hand with a reason (audited); then the watcher leaves it be', async () => {
      const hash = txHash();
      const o = await deposited(hash);
      chain.add(hash, [{ address: BTC_DEPOSIT_ADDRESS, sats: 1_000_000 }]);
      chain.mine(hash, secs(now));
      chain.tipHeight += 1;
      await watch();
      // Nothing holds the payout yet: nothing to release.
      expect(
        (
          await call('agent', 'POST', `/api/orders/${o.id}/release-payout`, {
            reason: 'Seen on our node',
          })
        ).status,
      ).toBe(409);
      chain.reorganise(hash);
      await watch();
      expect((await call('agent', 'POST', `/api/orders/${o.id}/release-payout`, {})).status).toBe(
        400,
      );
      const res = await call('agent', 'POST', `/api/orders/${o.id}/release-payout`, {
        reason: 'Seen on our node',
      });
      expect(res.status).toBe(200);
      const released = orderSchema.parse(res.body);
      expect(released).toMatchObject({
        state: 'deposit_confirmed',
        chain: { payoutHeld: false, problem: null },
      });
      expect(released.timeline.at(-1)).toMatchObject({
        actor: 'agent',
        note: 'Confirmed by hand after a reorganised block: Seen on our node',
      });
      const [audit] = await database.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.entityId, String(o.id)), eq(auditLog.action, 'order.release-payout')),
        );
      expect(audit).toBeDefined();
      chain.requests = [];
      await watch();
      expect(chain.requests.filter((p) => p.includes(hash))).toEqual([]);
    });
  });

  it.runIf(kind.name === 'postgres')(
    "one instance at a time holds the watcher's advisory lock",
    async () => {
      const first = new AdvisoryLock(database, 4242, logger);
      const second = new AdvisoryLock(database, 4242, logger);
      try {
        expect(await first.hold()).toBe(true);
        expect(await first.hold()).toBe(true);
        expect(await second.hold()).toBe(false);
        await first.release();
        expect(await second.hold()).toBe(true);
        expect(await first.hold()).toBe(false);
      } finally {
        await first.release();
        await second.release();
      }
    },
  );

  describe("payments to an order's own address add up (issue 30, decision 030)", () => {
    /** Account keys of BIP39's "abandon … about": BTC's BIP84 and TRON's m/44'/195'/0'. */
    const root = HDKey.fromMasterSeed(
      mnemonicToSeedSync(
        'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
      ),
    );
    const ZPUB =
      'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
    /** A TRON address's 20 bytes in hex, as a Transfer log carries it. */
    const tronHex = (address: string) => bytesToHex(base58check.decode(address).slice(1));

    beforeAll(async () => {
      for (const [network, extendedPublicKey] of [
        ['BTC', ZPUB],
        ['USDT-TRC20', root.derive("m/44'/195'/0'").publicExtendedKey],
      ] as const) {
        const added = await call('admin', 'POST', '/api/admin/desk-addresses', {
          network,
          extendedPublicKey,
          label: `${network} account 0`,
        });
        expect(added.status, JSON.stringify(added.body)).toBe(201);
      }
    });

    it('two BTC payments add up and confirm; one older than the order does not count; a third after confirmation is reported over and never un-confirms', async () => {
      await watch(); // The chain's tip, for the order to record.
      const o = await awaiting('bitcoin', '0.01');
      expect(o.depositAddressIndex).not.toBeNull();
      const address = o.depositAddress!;
      const old = txHash();
      chain.add(old, [{ address, sats: 500_000 }], (await row(o.id)).chainTipHeight!);
      const first = txHash();
      chain.add(first, [{ address, sats: 600_000 }]);
      await watch();
      expect(await row(o.id)).toMatchObject({
        state: 'deposit_seen',
        txHash: first,
        chainReceivedCrypto: '0.00600000',
        chainProblemKind: 'short',
      });
      expect((await read(o.id)).payments.map((p) => p.txHash)).toEqual([first]);

      // The customer sends the rest: the order holds both, each with its confirmations.
      now = new Date(now.getTime() + MINUTE);
      const second = txHash();
      chain.add(second, [{ address, sats: 400_000 }]);
      expect(await watch()).toBe(0);
      let seen = await read(o.id);
      expect(seen).toMatchObject({
        state: 'deposit_seen',
        txHash: first,
        chain: { receivedCrypto: '0.01000000', problem: null, confirmations: 0 },
      });
      expect(seen.payments).toEqual([
        { txHash: first, receivedCrypto: '0.00600000', confirmations: 0, blockTime: null },
        { txHash: second, receivedCrypto: '0.00400000', confirmations: 0, blockTime: null },
      ]);

      // Confirmed when every payment has its 2 confirmations, not before.
      chain.mine(first, secs(now));
      chain.mine(second, secs(now));
      now = new Date(now.getTime() + MINUTE);
      expect(await watch()).toBe(0);
      seen = await read(o.id);
      expect(seen.state).toBe('deposit_seen');
      expect(seen.chain?.confirmations).toBe(1);
      expect(seen.payments.map((p) => p.confirmations)).toEqual([2, 1]);
      chain.tipHeight += 1;
      now = new Date(now.getTime() + MINUTE);
      expect(await watch()).toBe(1);
      expect(await row(o.id)).toMatchObject({
        state: 'deposit_confirmed',
        chainReceivedCrypto: '0.01000000',
        chainConfirmations: 2,
        chainProblem: null,
      });

      // A third payment after the confirmation is reported over; the order stays confirmed.
      now = new Date(now.getTime() + MINUTE);
      const third = txHash();
      chain.add(third, [{ address, sats: 500_000 }]);
      expect(await watch()).toBe(0);
      seen = await read(o.id);
      expect(seen).toMatchObject({
        state: 'deposit_confirmed',
        chain: {
          receivedCrypto: '0.01500000',
          differenceCrypto: '0.00500000',
          problemKind: 'over',
          confirmations: 2,
          payoutHeld: false,
        },
      });
      expect(seen.payments.map((p) => p.txHash)).toEqual([first, second, third]);
      expect(seen.payments.map((p) => p.txHash)).not.toContain(old);
    });

    it('two USDT payments to its own TRON address are found through the trc20 listing and add up; one before the order does not count', async () => {
      const o = await awaiting('usdt', '100');
      expect(o.depositAddressIndex).not.toBeNull();
      const pay = (hash: string, units: bigint, blockTimeStamp = now.getTime()) =>
        tron.txs.set(hash, {
          transfers: [
            {
              contractHex: USDT_TRC20_CONTRACT_HEX,
              toHex: tronHex(o.depositAddress!),
              units,
            },
          ],
          blockNumber: tron.headBlock,
          blockTimeStamp,
        });
      const old = txHash();
      pay(old, 50_000_000n, now.getTime() - 60 * MINUTE);
      const first = txHash();
      pay(first, 60_000_000n);
      await watch();
      expect(await row(o.id)).toMatchObject({
        state: 'deposit_seen',
        txHash: first,
        chainReceivedCrypto: '60.00000000',
        chainProblemKind: 'short',
      });
      now = new Date(now.getTime() + MINUTE);
      const second = txHash();
      pay(second, 40_000_000n);
      expect(await watch()).toBe(0);
      const seen = await read(o.id);
      expect(seen).toMatchObject({
        state: 'deposit_seen',
        chain: { receivedCrypto: '100.000000', problem: null },
      });
      expect(seen.payments.map((p) => [p.txHash, p.receivedCrypto])).toEqual([
        [first, '60.000000'],
        [second, '40.000000'],
      ]);
      tron.headBlock += 19;
      now = new Date(now.getTime() + MINUTE);
      expect(await watch()).toBe(1);
      expect(await row(o.id)).toMatchObject({
        state: 'deposit_confirmed',
        chainReceivedCrypto: '100.00000000',
      });
    });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  depositAddressListSchema,
  depositAddressSchema,
} from '../../../shared/api/deposit-addresses';
import { createTestApp, injectJson, type InjectedCall } from '../../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import { auditLog, depositAddresses } from '../../db/schema';
import { nextDepositAddress } from './next-deposit-address';

const GENESIS = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const P2SH = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy';
const SEGWIT = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const TAPROOT = 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0';
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe.each(testDatabaseKinds())('deposit addresses on $name', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  const cookie: Record<string, string> = {};

  const call = (who: string, method: InjectedCall['method'], url: string, body?: unknown) =>
    injectJson(app, { cookie: cookie[who], method, url, body });
  const add = (body: unknown) => call('admin', 'POST', '/api/admin/desk-addresses', body);
  const pick = async (network: 'BTC' | 'USDT-TRC20') =>
    (await database.db.transaction((tx) => nextDepositAddress({ db: tx, network }))).address;

  beforeAll(async () => {
    database = await kind.open();
    app = await createTestApp({ database });
    cookie.admin = await sessionCookie(database.db, await makeAgent(database.db, { admin: true }));
    cookie.agent = await sessionCookie(database.db, await makeAgent(database.db));
    cookie.customer = await sessionCookie(database.db, await makeCustomer(database.db));
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('has no address to give before the admin adds one', async () => {
    await expect(pick('BTC')).rejects.toMatchObject({
      statusCode: 503,
      message: 'The desk has no active BTC deposit address. Please try again shortly.',
    });
  });

  it('adds checked addresses of every BTC kind and TRON, and audits them', async () => {
    for (const [network, address] of [
      ['BTC', GENESIS],
      ['BTC', P2SH],
      ['BTC', SEGWIT],
      ['USDT-TRC20', TRON],
    ] as const) {
      const res = await add({ network, address: ` ${address} `, label: `${network} hot` });
      expect(res.status).toBe(201);
      expect(depositAddressSchema.parse(res.body)).toMatchObject({
        network,
        address,
        active: true,
        timesUsed: 0,
        lastUsedAt: null,
      });
    }
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'desk_address.add'));
    expect(audit).toHaveLength(4);
    const list = depositAddressListSchema.parse(
      (await call('admin', 'GET', '/api/admin/desk-addresses')).body,
    );
    expect(list.map((a) => a.address)).toEqual([GENESIS, P2SH, SEGWIT, TRON]);
  });

  it.each([
    ['BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', 'BTC'],
    ['BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'BTC'],
    ['BTC', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'BTC'],
    ['BTC', TRON, 'BTC'],
    ['USDT-TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSWgjLj6t', 'USDT-TRC20'],
    ['USDT-TRC20', GENESIS, 'USDT-TRC20'],
  ])('refuses a %s address that fails its checks: %s', async (network, address, name) => {
    expect(await add({ network, address, label: 'x' })).toEqual({
      status: 400,
      body: { error: `This is not a valid ${name} address` },
    });
  });

  it.each([
    [{ network: 'ETH', address: GENESIS, label: 'x' }, /BTC or USDT-TRC20/],
    [{ network: 'BTC', address: '', label: 'x' }, /Enter the address/],
    [{ network: 'BTC', address: TAPROOT, label: ' ' }, /label/],
    [{ network: 'BTC', address: TAPROOT }, /label/],
  ])('answers bad input with a 400: %j', async (body, message) => {
    const res = await add(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
  });

  it('refuses the same address twice on a network', async () => {
    expect(await add({ network: 'BTC', address: GENESIS, label: 'again' })).toEqual({
      status: 409,
      body: { error: 'This BTC address is already in the book' },
    });
  });

  it('hands out active addresses round-robin, and skips inactive ones', async () => {
    expect([await pick('BTC'), await pick('BTC'), await pick('BTC'), await pick('BTC')]).toEqual([
      GENESIS,
      P2SH,
      SEGWIT,
      GENESIS,
    ]);
    expect(await pick('USDT-TRC20')).toBe(TRON);
    expect(await pick('USDT-TRC20')).toBe(TRON);

    const [p2sh] = await database.db
      .select()
      .from(depositAddresses)
      .where(eq(depositAddresses.address, P2SH));
    const off = await call('admin', 'PATCH', `/api/admin/desk-addresses/${p2sh!.id}`, {
      active: false,
    });
    expect(off.body).toMatchObject({ active: false, timesUsed: 1 });
    expect([await pick('BTC'), await pick('BTC'), await pick('BTC')]).toEqual([
      SEGWIT,
      GENESIS,
      SEGWIT,
    ]);
    // A new address goes first: it was never handed out.
    await add({ network: 'BTC', address: TAPROOT, label: 'taproot' });
    expect(await pick('BTC')).toBe(TAPROOT);
  });

  it('gives concurrent picks different addresses in turn', async () => {
    const before = depositAddressListSchema.parse(
      (await call('admin', 'GET', '/api/admin/desk-addresses')).body,
    );
    const picks = await Promise.all(
      // Each in its transaction, as an order's: the lock is held to its commit.
      Array.from({ length: 9 }, () =>
        database.db.transaction((tx) => nextDepositAddress({ db: tx, network: 'BTC' })),
      ),
    );
    const counts = new Map<string, number>();
    for (const p of picks) counts.set(p.address, (counts.get(p.address) ?? 0) + 1);
    // Three active BTC addresses, nine picks: three each, whatever the interleaving.
    expect([...counts.values()]).toEqual([3, 3, 3]);
    const after = depositAddressListSchema.parse(
      (await call('admin', 'GET', '/api/admin/desk-addresses')).body,
    );
    const used = (list: typeof after) => list.reduce((n, a) => n + a.timesUsed, 0);
    expect(used(after) - used(before)).toBe(9);
  });

  it('renames and reactivates, audited; refuses an empty change and unknown ids', async () => {
    const list = depositAddressListSchema.parse(
      (await call('admin', 'GET', '/api/admin/desk-addresses')).body,
    );
    const p2sh = list.find((a) => a.address === P2SH)!;
    const res = await call('admin', 'PATCH', `/api/admin/desk-addresses/${p2sh.id}`, {
      active: true,
      label: 'Cold wallet',
    });
    expect(res.body).toMatchObject({ active: true, label: 'Cold wallet' });
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(p2sh.id)));
    expect(audit.filter((a) => a.action === 'desk_address.update').at(-1)).toMatchObject({
      before: { active: false },
      after: { active: true, label: 'Cold wallet' },
    });
    expect((await call('admin', 'PATCH', `/api/admin/desk-addresses/${p2sh.id}`, {})).status).toBe(
      400,
    );
    expect(
      await call('admin', 'PATCH', '/api/admin/desk-addresses/2147480000', { active: false }),
    ).toEqual({ status: 404, body: { error: 'Address not found' } });
  });

  it('deletes only an address never handed out', async () => {
    const added = await add({
      network: 'BTC',
      address: 'BC1SW50QGDZ25J',
      label: 'typo',
    });
    expect(
      (await call('admin', 'DELETE', `/api/admin/desk-addresses/${added.body.id}`)).status,
    ).toBe(204);
    const used = depositAddressListSchema
      .parse((await call('admin', 'GET', '/api/admin/desk-addresses')).body)
      .find((a) => a.address === GENESIS)!;
    expect(await call('admin', 'DELETE', `/api/admin/desk-addresses/${used.id}`)).toEqual({
      status: 409,
      body: { error: 'This address has been given to customers; deactivate it instead' },
    });
    expect((await call('admin', 'DELETE', '/api/admin/desk-addresses/2147480000')).status).toBe(
      404,
    );
  });

  it('is for admins only', async () => {
    for (const who of ['agent', 'customer']) {
      expect((await call(who, 'GET', '/api/admin/desk-addresses')).status).toBe(403);
      expect((await call(who, 'POST', '/api/admin/desk-addresses', {})).status).toBe(403);
    }
    expect((await call('nobody', 'GET', '/api/admin/desk-addresses')).status).toBe(401);
  });
});

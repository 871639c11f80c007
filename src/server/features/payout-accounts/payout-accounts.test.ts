import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bankListSchema, payoutAccountSchema } from '../../../shared/api/payout-accounts';
import { nubanCheckDigit } from '../../../shared/payout-accounts/nuban';
import { createTestApp, injectJson, type InjectedCall } from '../../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { NameEnquiryServer } from '../../../../tests/support/name-enquiry-server';
import { addDepositAddress, placeOrder, setSellRates } from '../../../../tests/support/order-setup';
import { PriceServer } from '../../../../tests/support/price-server';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import { auditLog } from '../../db/schema';
import { MAX_ADDS_PER_DAY } from './add-payout-account';

/** A valid NUBAN for `bankCode`: the serial and its computed check digit. */
const nuban = (bankCode: string, serial: string) =>
  serial + String(nubanCheckDigit(bankCode, serial));

/** The market: BTC at $97,250.50, so the sell rate below is 2 % under it and published. */
const priceServer = new PriceServer();
beforeAll(() => priceServer.start());
afterAll(() => priceServer.stop());

describe.each(testDatabaseKinds())('payout accounts on $name', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  const enquiry = new NameEnquiryServer();
  const cookie: Record<string, string> = {};
  const customerId: Record<string, string> = {};

  const call = (who: string, method: InjectedCall['method'], url: string, body?: unknown) =>
    injectJson(app, { cookie: cookie[who], method, url, body });
  const add = (who: string, body: unknown) => call(who, 'POST', '/api/payout-accounts', body);

  beforeAll(async () => {
    await enquiry.start();
    database = await kind.open();
    app = await createTestApp({
      database,
      env: {
        NAME_ENQUIRY_URL: enquiry.url,
        NAME_ENQUIRY_KEY: enquiry.key,
        NAME_ENQUIRY_TIMEOUT_MS: '300',
        PRICE_API_URL: priceServer.url,
      },
    });
    await app.ready();
    await app.priceFeed.refresh();
    for (const who of ['ada', 'bola', 'chidi', 'dayo', 'eze', 'fola']) {
      const customer = await makeCustomer(database.db);
      customerId[who] = customer.id;
      cookie[who] = await sessionCookie(database.db, customer);
    }
    cookie.agent = await sessionCookie(database.db, await makeAgent(database.db));
    cookie.admin = await sessionCookie(database.db, await makeAgent(database.db, { admin: true }));
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
    await enquiry.stop();
  });
  beforeEach(() => {
    enquiry.mode = 'ok';
    enquiry.requests = [];
  });

  it('lists the banks publicly, with their CBN codes', async () => {
    const res = await call('nobody', 'GET', '/api/banks');
    expect(res.status).toBe(200);
    const banks = bankListSchema.parse(res.body);
    expect(banks.find((b) => b.code === '058')).toEqual({
      code: '058',
      name: 'Guaranty Trust Bank',
      shortName: 'GTBank',
      scheme: 'nuban',
    });
    expect(banks.find((b) => b.shortName === 'OPay')?.scheme).toBe('phone');
  });

  it('stores the bank’s name, verified, when the name enquiry answers, and audits it', async () => {
    const number = nuban('058', '012345678');
    enquiry.names.set(`058:${number}`, 'ADAEZE  NWOSU');
    const res = await add('ada', { bankCode: '058', accountNumber: number, accountName: 'Ada N' });
    expect(res.status).toBe(201);
    expect(payoutAccountSchema.parse(res.body)).toMatchObject({
      bankCode: '058',
      bankName: 'Guaranty Trust Bank',
      accountNumber: '0123456785',
      accountName: 'ADAEZE NWOSU',
      verified: true,
    });
    expect(enquiry.requests).toHaveLength(1);
    expect(enquiry.requests[0]!.authorization).toBe(`Bearer ${enquiry.key}`);
    expect(Object.fromEntries(enquiry.requests[0]!.url.searchParams)).toEqual({
      account_number: '0123456785',
      bank_code: '058',
    });
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(res.body.id)));
    expect(audit.map((a) => [a.action, a.entityType])).toEqual([
      ['payout_account.add', 'payout_account'],
    ]);
    expect(audit[0]!.after).toMatchObject({ accountName: 'ADAEZE NWOSU', verified: true });
  });

  it('asks the provider with its own code for a fintech, and takes any 10 digits there', async () => {
    enquiry.names.set('999992:8031234567', 'BOLA ADE');
    const res = await add('bola', { bankCode: '100004', accountNumber: '8031234567' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ bankName: 'OPay Digital Services', verified: true });
    expect(enquiry.requests[0]!.url.searchParams.get('bank_code')).toBe('999992');
  });

  it.each(['not-found', 'error', 'garbage', 'hang'] as const)(
    'keeps the typed name, unverified, when the enquiry fails (%s)',
    async (mode) => {
      enquiry.mode = mode;
      const number = nuban('057', `2000000${mode.length}${mode.length}`.slice(0, 9));
      const res = await add('chidi', {
        bankCode: '057',
        accountNumber: number,
        accountName: '  Chidi   Okafor ',
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ accountName: 'Chidi Okafor', verified: false });
      expect(enquiry.requests).toHaveLength(1);
    },
  );

  it('needs a typed name when the enquiry cannot give one', async () => {
    enquiry.mode = 'error';
    const res = await add('chidi', { bankCode: '057', accountNumber: nuban('057', '300000000') });
    expect(res).toEqual({
      status: 400,
      body: {
        error:
          'We could not confirm the account name with your bank. Enter it as your bank shows it',
      },
    });
  });

  it('refuses a number whose check digit is wrong for the bank', async () => {
    const good = nuban('058', '111111111');
    const wrong = good.slice(0, 9) + String((Number(good[9]) + 1) % 10);
    const res = await add('dayo', { bankCode: '058', accountNumber: wrong, accountName: 'Dayo' });
    expect(res).toEqual({
      status: 400,
      body: { error: 'This account number is not valid for Guaranty Trust Bank' },
    });
    // A valid GTBank number is not a valid Zenith one.
    const other = await add('dayo', { bankCode: '057', accountNumber: good, accountName: 'Dayo' });
    expect(other.body).toEqual({ error: 'This account number is not valid for Zenith Bank' });
    expect(enquiry.requests).toHaveLength(0);
  });

  it.each([
    [{ bankCode: '999', accountNumber: '0123456785', accountName: 'X' }, /bank from the list/],
    [{ accountNumber: '0123456785', accountName: 'X' }, /Choose your bank/],
    [{ bankCode: '058', accountNumber: '012345678', accountName: 'X' }, /must be 10 digits/],
    [{ bankCode: '058', accountNumber: '01234567a5', accountName: 'X' }, /must be 10 digits/],
    [{ bankCode: '058', accountNumber: 123456785, accountName: 'X' }, /accountNumber/],
    [{ bankCode: '058', accountNumber: '0123456785', accountName: 'X'.repeat(101) }, /at most 100/],
  ])('answers bad input with a 400: %j', async (body, message) => {
    const res = await add('dayo', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
  });

  it('refuses the same account twice', async () => {
    const body = { bankCode: '033', accountNumber: nuban('033', '444444444'), accountName: 'D' };
    enquiry.mode = 'not-found';
    expect((await add('dayo', body)).status).toBe(201);
    expect(await add('dayo', body)).toEqual({
      status: 409,
      body: { error: 'This account is already saved' },
    });
  });

  it('keeps at most 5 per customer, also when adds race', async () => {
    enquiry.mode = 'not-found';
    const before = (await call('dayo', 'GET', '/api/payout-accounts')).body.length;
    for (let i = before; i < 4; i++) {
      const res = await add('dayo', {
        bankCode: '011',
        accountNumber: nuban('011', `00000100${i}`),
        accountName: 'Dayo',
      });
      expect(res.status).toBe(201);
    }
    const racing = await Promise.all(
      [5, 6, 7].map((i) =>
        add('dayo', {
          bankCode: '011',
          accountNumber: nuban('011', `00000100${i}`),
          accountName: 'D',
        }),
      ),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(racing.find((r) => r.status === 409)!.body).toEqual({
      error: 'You can keep at most 5 payout accounts. Delete one to add another',
    });
    expect((await call('dayo', 'GET', '/api/payout-accounts')).body).toHaveLength(5);
  });

  it('shows and deletes only the caller’s own accounts, and audits the delete', async () => {
    const mine = (await call('dayo', 'GET', '/api/payout-accounts')).body as { id: number }[];
    expect((await call('ada', 'GET', '/api/payout-accounts')).body).toHaveLength(1);
    const target = mine[0]!.id;
    expect(await call('ada', 'DELETE', `/api/payout-accounts/${target}`)).toEqual({
      status: 404,
      body: { error: 'Payout account not found' },
    });
    expect((await call('dayo', 'DELETE', `/api/payout-accounts/${target}`)).status).toBe(204);
    expect((await call('dayo', 'DELETE', `/api/payout-accounts/${target}`)).status).toBe(404);
    const after = (await call('dayo', 'GET', '/api/payout-accounts')).body as { id: number }[];
    expect(after.map((a) => a.id)).toEqual(mine.slice(1).map((a) => a.id));
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'payout_account.delete'));
    expect(audit.map((a) => a.entityId)).toEqual([String(target)]);
    // The freed slot takes a new account.
    const res = await add('dayo', {
      bankCode: '011',
      accountNumber: nuban('011', '000002000'),
      accountName: 'Dayo',
    });
    expect(res.status).toBe(201);
    expect((await call('dayo', 'DELETE', '/api/payout-accounts/abc')).status).toBe(400);
  });

  it(`limits adds to ${MAX_ADDS_PER_DAY} a day, so add-and-delete cannot look names up`, async () => {
    for (let i = 0; i < MAX_ADDS_PER_DAY; i++) {
      const number = nuban('058', `70000000${i}`);
      enquiry.names.set(`058:${number}`, `NAME ${i}`);
      const res = await add('eze', { bankCode: '058', accountNumber: number });
      expect(res.body).toMatchObject({ accountName: `NAME ${i}`, verified: true });
      expect((await call('eze', 'DELETE', `/api/payout-accounts/${res.body.id}`)).status).toBe(204);
    }
    const asked = enquiry.requests.length;
    expect(await add('eze', { bankCode: '058', accountNumber: nuban('058', '799999999') })).toEqual(
      {
        status: 429,
        body: {
          error: `You have added ${MAX_ADDS_PER_DAY} accounts in the last 24 hours. Please try again later`,
        },
      },
    );
    expect(enquiry.requests).toHaveLength(asked);
  });

  it("shows agents and admins a customer's live accounts, and no customer anyone's", async () => {
    enquiry.mode = 'not-found';
    const url = `/api/admin/users/${customerId.fola}/payout-accounts`;
    expect(await call('agent', 'GET', url)).toEqual({ status: 200, body: [] });
    const kept = await add('fola', {
      bankCode: '058',
      accountNumber: nuban('058', '600000001'),
      accountName: 'Fola A',
    });
    const gone = await add('fola', {
      bankCode: '011',
      accountNumber: nuban('011', '600000002'),
      accountName: 'Fola A',
    });
    expect((await call('fola', 'DELETE', `/api/payout-accounts/${gone.body.id}`)).status).toBe(204);
    for (const who of ['agent', 'admin']) {
      const res = await call(who, 'GET', url);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        { ...payoutAccountSchema.parse(kept.body), alsoSavedBy: [], pending: false },
      ]);
    }
    // A customer reaches only their own accounts, through /api/payout-accounts.
    expect(await call('fola', 'GET', url)).toEqual({
      status: 403,
      body: { error: 'Agent privileges required.' },
    });
    expect((await call('ada', 'GET', url)).status).toBe(403);
    expect((await call('nobody', 'GET', url)).status).toBe(401);
    expect((await call('agent', 'GET', '/api/admin/users/not-a-uuid/payout-accounts')).status).toBe(
      400,
    );
  });

  it('flags an account another customer saved too, to staff only; its full number reaches staff and its owner only', async () => {
    enquiry.mode = 'not-found';
    for (const who of ['gozie', 'hadiza']) {
      const customer = await makeCustomer(database.db, { firstName: who, lastName: 'Test' });
      customerId[who] = customer.id;
      cookie[who] = await sessionCookie(database.db, customer);
    }
    const number = nuban('058', '834567120');
    const body = { bankCode: '058', accountNumber: number, accountName: 'Gozie Test' };
    const mine = await add('gozie', body);
    expect(mine.status).toBe(201);
    // Two customers may save the same account: allowed, and flagged.
    const theirs = await add('hadiza', body);
    expect(theirs.status).toBe(201);
    const staffView = (who: string) =>
      call('agent', 'GET', `/api/admin/users/${customerId[who]}/payout-accounts`);
    expect((await staffView('gozie')).body).toEqual([
      {
        ...payoutAccountSchema.parse(mine.body),
        accountNumber: number,
        alsoSavedBy: [{ customerId: customerId.hadiza, name: 'hadiza Test' }],
        pending: false,
      },
    ]);
    expect((await staffView('hadiza')).body[0].alsoSavedBy).toEqual([
      { customerId: customerId.gozie, name: 'gozie Test' },
    ]);
    // Deleting it does not undo whom it pointed to.
    expect((await call('hadiza', 'DELETE', `/api/payout-accounts/${theirs.body.id}`)).status).toBe(
      204,
    );
    expect((await staffView('gozie')).body[0].alsoSavedBy).toHaveLength(1);

    // The owner sees their own number in full, and never the flag or the other customer.
    const own = await call('gozie', 'GET', '/api/payout-accounts');
    expect(own.body).toEqual([payoutAccountSchema.parse(mine.body)]);
    expect(own.body[0].accountNumber).toBe(number);
    expect(JSON.stringify(own.body)).not.toContain(customerId.hadiza);
    expect(JSON.stringify(own.body)).not.toContain('alsoSavedBy');

    // On an order: the owner and staff get the full number; another customer gets nothing.
    await addDepositAddress(
      app,
      cookie.admin!,
      'BTC',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    );
    await setSellRates(database.db, { bitcoin: '157254058.50', usdt: '1633.83' });
    const chat = await call('gozie', 'POST', '/api/chat-sessions', { category: 'bitcoin' });
    const order = await placeOrder(app, cookie.gozie, {
      chatSessionId: chat.body.id,
      coin: 'bitcoin',
      amount: '0.01',
      payoutAccountId: mine.body.id,
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    for (const who of ['gozie', 'agent', 'admin']) {
      const seen = await call(who, 'GET', `/api/orders/${order.body.id}`);
      expect(seen.body.payoutAccount).toEqual(payoutAccountSchema.parse(mine.body));
      expect(seen.body.payoutAccount.accountNumber).toBe(number);
      expect(JSON.stringify(seen.body)).not.toContain('alsoSavedBy');
    }
    const other = await call('hadiza', 'GET', `/api/orders/${order.body.id}`);
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain(number);
  });

  it('keeps staff and visitors out', async () => {
    const body = { bankCode: '058', accountNumber: nuban('058', '555555555'), accountName: 'S' };
    for (const who of ['agent', 'admin']) {
      expect(await call(who, 'GET', '/api/payout-accounts')).toEqual({
        status: 403,
        body: { error: 'Staff accounts cannot have payout accounts' },
      });
      expect((await add(who, body)).status).toBe(403);
    }
    expect((await call('nobody', 'GET', '/api/payout-accounts')).status).toBe(401);
    expect((await add('nobody', body)).status).toBe(401);
    expect(enquiry.requests).toHaveLength(0);
  });
});

describe('payout accounts without a name-enquiry provider', () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    database = await testDatabaseKinds()[0]!.open();
    app = await createTestApp({ database });
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('stores the typed name, unverified, and needs one', async () => {
    const cookie = await sessionCookie(database.db, await makeCustomer(database.db));
    const post = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/payout-accounts', headers: { cookie }, payload });
    const accountNumber = nuban('044', '000000022');
    expect((await post({ bankCode: '044', accountNumber })).statusCode).toBe(400);
    const res = await post({ bankCode: '044', accountNumber, accountName: 'Ngozi Eze' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      bankName: 'Access Bank',
      accountNumber: '0000000220',
      accountName: 'Ngozi Eze',
      verified: false,
    });
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds, type TestDatabase } from '../../../tests/support/databases';
import { migrateDatabase, migrationsFolder } from './migrate';
import {
  auditLog,
  chatSessions,
  exchangeRates,
  messages,
  priceSnapshots,
  transactions,
  users,
} from './schema';

/** The PostgreSQL error code (SQLSTATE) behind a failed query; drizzle wraps it in `cause`. */
async function sqlStateOf(query: PromiseLike<unknown>): Promise<{ code: string; message: string }> {
  try {
    await query;
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { code: cause?.code ?? 'none', message: cause?.message ?? String(error) };
  }
  expect.fail('the query succeeded; it should have been refused');
}

const UNIQUE_VIOLATION = '23505';
const RAISED_EXCEPTION = 'P0001';

const TABLES = [
  'agent_availability',
  'agent_availability_changes',
  'audit_log',
  'auth_sessions',
  'canned_replies',
  'chain_tips',
  'chat_sessions',
  'desk_address_cursors',
  'desk_addresses',
  'desk_extended_keys',
  'exchange_rate_history',
  'exchange_rates',
  'image_readings',
  'login_attempts',
  'message_receipts',
  'messages',
  'order_events',
  'order_payments',
  'orders',
  'password_reset_links',
  'payout_accounts',
  'price_snapshots',
  'push_subscriptions',
  'realtime_events',
  'settings',
  'socket_presence',
  'staff_devices',
  'staff_recovery_codes',
  'transactions',
  'users',
  'whatsapp_contacts',
  'whatsapp_deliveries',
  'whatsapp_held_messages',
  'whatsapp_outbox',
];

/** The migrations drizzle-kit's journal lists. */
const MIGRATIONS = (
  JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

describe.each(testDatabaseKinds())('database schema on $name', (kind) => {
  let database: TestDatabase;
  let customerId: string;
  let agentId: string;
  let sessionId: number;

  beforeAll(async () => {
    database = await kind.open();
    const [customer, agent] = await database.db
      .insert(users)
      .values([{ email: 'ada@example.com' }, { email: 'agent@example.com', isAgent: true }])
      .returning();
    customerId = customer!.id;
    agentId = agent!.id;
    const [session] = await database.db
      .insert(chatSessions)
      .values({ customerId, category: 'bitcoin' })
      .returning();
    sessionId = session!.id;
  });
  afterAll(() => database?.dispose());

  async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    const result = (await database.db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  }

  function transaction(overrides: Partial<typeof transactions.$inferInsert> = {}) {
    return {
      reference: `AC-${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
      chatSessionId: sessionId,
      customerId,
      agentId,
      kind: 'trade' as const,
      // A trade without its order: only the manual ones from before orders may be (issue 29).
      manual: true,
      currency: 'bitcoin' as const,
      amount: '0.5',
      rate: '160000000',
      total: '80000000.00',
      ...overrides,
    };
  }

  it('has every table after the migrations, and every migration recorded once', async () => {
    const tables = await rows<{ table_name: string }>(
      sql`select table_name from information_schema.tables
          where table_schema = 'public' order by table_name`,
    );
    expect(tables.map((t) => t.table_name)).toEqual(TABLES);
    const applied = await rows<{ count: string | number }>(
      sql`select count(*) as count from drizzle.__drizzle_migrations`,
    );
    expect(Number(applied[0]?.count)).toBe(MIGRATIONS);
  });

  it('applies the migrations again without error or change (every start runs them)', async () => {
    await migrateDatabase(database);
    const applied = await rows<{ count: string | number }>(
      sql`select count(*) as count from drizzle.__drizzle_migrations`,
    );
    expect(Number(applied[0]?.count)).toBe(MIGRATIONS);
  });

  describe('audit_log', () => {
    let entryId: number;
    beforeAll(async () => {
      const [entry] = await database.db
        .insert(auditLog)
        .values({
          actorId: agentId,
          action: 'customer.status',
          entityType: 'user',
          entityId: customerId,
          before: { customerStatus: 'active' },
          after: { customerStatus: 'banned' },
        })
        .returning();
      entryId = entry!.id;
    });

    it('takes new entries', async () => {
      const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.id, entryId));
      expect(entry).toMatchObject({
        action: 'customer.status',
        before: { customerStatus: 'active' },
        after: { customerStatus: 'banned' },
      });
      expect(entry?.createdAt).toBeInstanceOf(Date);
    });

    it('refuses UPDATE', async () => {
      const refused = await sqlStateOf(
        database.db.update(auditLog).set({ action: 'tampered' }).where(eq(auditLog.id, entryId)),
      );
      expect(refused).toEqual({ code: RAISED_EXCEPTION, message: 'audit_log is append-only' });
    });

    it('refuses DELETE', async () => {
      const refused = await sqlStateOf(
        database.db.delete(auditLog).where(eq(auditLog.id, entryId)),
      );
      expect(refused).toEqual({ code: RAISED_EXCEPTION, message: 'audit_log is append-only' });
    });

    it('refuses TRUNCATE', async () => {
      const refused = await sqlStateOf(database.db.execute(sql`truncate audit_log`));
      expect(refused).toEqual({ code: RAISED_EXCEPTION, message: 'audit_log is append-only' });
    });

    it('still holds the entry, unchanged, after the refusals', async () => {
      const entries = await database.db.select().from(auditLog).where(eq(auditLog.id, entryId));
      expect(entries.map((e) => e.action)).toEqual(['customer.status']);
    });
  });

  describe('messages', () => {
    it('refuses a second message with the same client message id in one session', async () => {
      const message = { chatSessionId: sessionId, senderId: customerId, clientMessageId: 'c-1' };
      await database.db.insert(messages).values({ ...message, content: 'Hello' });
      const refused = await sqlStateOf(
        database.db.insert(messages).values({ ...message, content: 'Hello again' }),
      );
      expect(refused.code).toBe(UNIQUE_VIOLATION);
      expect(refused.message).toContain('messages_client_id_uq');
    });

    it('lets another session use the same client message id', async () => {
      const [other] = await database.db
        .insert(chatSessions)
        .values({ customerId, category: 'usdt' })
        .returning();
      await database.db
        .insert(messages)
        .values({ chatSessionId: other!.id, senderId: customerId, clientMessageId: 'c-1' });
      const count = await rows<{ count: string | number }>(
        sql`select count(*) as count from messages where client_message_id = 'c-1'`,
      );
      expect(Number(count[0]?.count)).toBe(2);
    });
  });

  describe('transactions', () => {
    it('refuses a second transaction with the same reference', async () => {
      await database.db.insert(transactions).values(transaction({ reference: 'AC-7F3K2Q9D' }));
      const refused = await sqlStateOf(
        database.db.insert(transactions).values(transaction({ reference: 'AC-7F3K2Q9D' })),
      );
      expect(refused.code).toBe(UNIQUE_VIOLATION);
      expect(refused.message).toContain('transactions_reference_uq');
    });

    it('refuses a second use of one idempotency key by one agent, but allows no key at all', async () => {
      await database.db.insert(transactions).values(transaction({ idempotencyKey: 'key-1' }));
      const refused = await sqlStateOf(
        database.db.insert(transactions).values(transaction({ idempotencyKey: 'key-1' })),
      );
      expect(refused.code).toBe(UNIQUE_VIOLATION);
      expect(refused.message).toContain('transactions_idempotency_uq');
      // Transactions without a key are many.
      await database.db.insert(transactions).values([transaction(), transaction()]);
    });

    it('keeps amounts, rates and totals exact, as strings at the column scale', async () => {
      const [created] = await database.db
        .insert(transactions)
        .values(
          transaction({
            amount: '0.12345678',
            rate: '1650.5',
            total: '999999999999.99',
          }),
        )
        .returning();
      const [read] = await database.db
        .select()
        .from(transactions)
        .where(eq(transactions.id, created!.id));
      expect(read).toMatchObject({
        amount: '0.12345678',
        rate: '1650.50000000',
        total: '999999999999.99',
      });
    });

    it('holds values far beyond what a float keeps exact', async () => {
      const amount = '12345678901234567890.12345678';
      const total = '1234567890123456789012345678.01';
      const [created] = await database.db
        .insert(transactions)
        .values(transaction({ amount, total }))
        .returning();
      const [read] = await database.db
        .select({ amount: transactions.amount, total: transactions.total })
        .from(transactions)
        .where(eq(transactions.id, created!.id));
      expect(read).toEqual({ amount, total });
    });

    it('starts every transaction as pending', async () => {
      const [created] = await database.db.insert(transactions).values(transaction()).returning();
      expect(created?.status).toBe('pending');
    });
  });

  it('keeps exchange rates and price snapshots exact', async () => {
    await database.db.insert(exchangeRates).values({
      currency: 'usdt',
      buyRateUsd: '1.0102',
      sellRateUsd: '0.9902',
      buyRateNaira: '1666.83',
      sellRateNaira: '1633.83',
      spreadPercentage: '1.00',
    });
    const [rate] = await database.db
      .select()
      .from(exchangeRates)
      .where(eq(exchangeRates.currency, 'usdt'));
    expect(rate).toMatchObject({
      buyRateUsd: '1.01020000',
      sellRateUsd: '0.99020000',
      buyRateNaira: '1666.83',
      sellRateNaira: '1633.83',
      spreadPercentage: '1.00',
    });

    await database.db
      .insert(priceSnapshots)
      .values({ symbol: 'BTC', usd: '97250.5', change24h: '-2.3456', fetchedAt: new Date() });
    const [snapshot] = await database.db.select().from(priceSnapshots);
    expect(snapshot).toMatchObject({ usd: '97250.50000000', change24h: '-2.3456' });
  });

  describe('users', () => {
    it('gives a new user the defaults: active customer, not agent, not admin', async () => {
      const [user] = await database.db
        .insert(users)
        .values({ email: 'new@example.com' })
        .returning();
      expect(user).toMatchObject({
        customerStatus: 'active',
        isAgent: false,
        isAdmin: false,
        isActive: true,
        agentType: null,
        passwordHash: null,
      });
    });

    it('allows one password account per email, whatever its case', async () => {
      await database.db
        .insert(users)
        .values({ email: 'Tunde@Example.com', isAgent: true, passwordHash: 'hash-1' });
      const refused = await sqlStateOf(
        database.db
          .insert(users)
          .values({ email: 'tunde@example.com', isAgent: true, passwordHash: 'hash-2' }),
      );
      expect(refused.code).toBe(UNIQUE_VIOLATION);
      expect(refused.message).toContain('users_password_email_uq');
      // A Google account with the same address is another user.
      await database.db.insert(users).values({
        email: 'tunde@example.com',
        oidcIssuer: 'https://accounts.google.com',
        oidcSubject: '1001',
      });
    });

    it('allows one user per OIDC issuer and subject', async () => {
      const identity = { oidcIssuer: 'https://accounts.google.com', oidcSubject: '2002' };
      await database.db.insert(users).values({ email: 'a@example.com', ...identity });
      const refused = await sqlStateOf(
        database.db.insert(users).values({ email: 'b@example.com', ...identity }),
      );
      expect(refused.code).toBe(UNIQUE_VIOLATION);
      expect(refused.message).toContain('users_oidc_identity_uq');
    });

    it('refuses a customer status outside the list', async () => {
      const refused = await sqlStateOf(
        database.db.execute(sql`insert into users (email, customer_status) values ('x', 'vip')`),
      );
      expect(refused.code).toBe('22P02');
    });
  });
});

describe('the migration journal', () => {
  // drizzle's migrator applies only migrations whose `when` is after the newest one a database
  // has applied: a new migration stamped earlier than an old one would never reach an upgrade.
  // 0003 is stamped before 0002 (an earlier machine's clock); from 0004 on the stamps must climb.
  it('stamps each migration after every migration before it', () => {
    const journal = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
    ) as { entries: { idx: number; when: number; tag: string }[] };
    const upgradable = journal.entries.filter((e) => e.idx >= 4);
    for (const entry of upgradable) {
      const newestBefore = Math.max(
        ...journal.entries.filter((e) => e.idx < entry.idx).map((e) => e.when),
      );
      expect(entry.when, entry.tag).toBeGreaterThan(newestBefore);
    }
    expect(upgradable.length).toBeGreaterThan(0);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds, type TestDatabase } from '../../../tests/support/databases';
import { openDatabase, type Database } from './client';
import { rows } from './raw';
import { users } from './schema';

/** Named prepared statements (client.ts `prepared`): the hot paths' statements. */
describe.each(testDatabaseKinds())('prepared statements on $name', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await kind.open();
  });

  afterAll(async () => {
    await database?.dispose();
  });

  const square = (n: number) => sql`select ${n}::integer * ${n}::integer as n, ${`x${n}`} as label`;

  it('runs the same text with new values each time, one round trip each', async () => {
    const sent: string[] = [];
    const stop = database.watchStatements((text) => sent.push(text));
    try {
      for (const n of [2, 3, 4]) {
        const [row] = await database.prepared<{ n: number; label: string }>(square(n));
        expect(row).toEqual({ n: n * n, label: `x${n}` });
      }
    } finally {
      stop();
    }
    expect(sent).toHaveLength(3);
  });

  it('a failing call leaves the statement and the connection usable', async () => {
    const divide = (n: number) => sql`select 10 / ${n}::integer as n`;
    expect(await database.prepared(divide(5))).toEqual([{ n: 2 }]);
    await expect(database.prepared(divide(0))).rejects.toThrow(/division by zero/);
    expect(await database.prepared(divide(2))).toEqual([{ n: 5 }]);
    expect(await rows(database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });

  it('waits for a transaction under way instead of running inside it', async () => {
    await database.db.execute(sql`create table if not exists prepared_probe (n integer)`);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into prepared_probe values (1)`);
      await held;
      throw new Error('rolled back');
    });
    const count = database.prepared<{ count: number }>(
      sql`select count(*)::integer as count from prepared_probe where n = ${1}::integer`,
    );
    release();
    await expect(transaction).rejects.toThrow('rolled back');
    expect(await count).toEqual([{ count: 0 }]);
  });
});

/**
 * Every statement drizzle sends with parameters is a named prepared statement of its connection:
 * on PostgreSQL `pg`'s (client.ts `named`), on PGlite by hand, on the database or in one of its
 * transactions (pglite-session.js `NamedStatements`), its values serialized by the parameter
 * types PostgreSQL gave when it was parsed. Parsed once per connection, not at every call.
 */
describe.each(testDatabaseKinds())('statements with parameters on $name', (kind) => {
  let database: TestDatabase;
  /** One connection, so the statements and the look at its prepared ones share it. */
  let single: Database;

  beforeAll(async () => {
    database = await kind.open();
    single =
      kind.name === 'postgres'
        ? await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 1 })
        : database;
  });

  afterAll(async () => {
    if (single !== database) await single?.close();
    await database?.dispose();
  });

  const preparedTexts = async () =>
    (
      await rows<{ statement: string }>(
        single.db,
        sql`select statement from pg_prepared_statements order by prepare_time`,
      )
    ).map((r) => r.statement);

  it('prepares a statement with parameters once, in a transaction too, and leaves one without as it came', async () => {
    for (const n of [1, 2, 3]) {
      expect(await rows(single.db, sql`select ${n}::integer + 2 as n`)).toEqual([{ n: n + 2 }]);
    }
    await single.db.transaction(async (tx) => {
      expect(await rows(tx, sql`select ${4}::integer + 2 as n`)).toEqual([{ n: 6 }]);
    });
    const [user] = await single.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'nobody@example.com'));
    expect(user).toBeUndefined();
    await rows(single.db, sql`select 40 + 2 as n`);
    const texts = await preparedTexts();
    expect(texts.filter((t) => t === 'select $1::integer + 2 as n')).toHaveLength(1);
    expect(texts.some((t) => t.startsWith('select "id" from "users"'))).toBe(true);
    expect(texts.some((t) => t.includes('40 + 2'))).toBe(false);
  });

  it('binds arrays, JSON, dates and nulls by the statement’s parameter types', async () => {
    const at = new Date('2026-11-29T10:00:00.123Z');
    const [row] = await rows<{ total: number; name: string; at: string; none: boolean }>(
      single.db,
      sql`select (select sum(x)::integer from unnest(${sql.param([1, 2, 3])}::integer[]) x) as total,
        ${JSON.stringify({ name: 'Ada' })}::jsonb ->> 'name' as name,
        to_char(${at}::timestamptz at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') as at,
        ${null}::text is null as none`,
    );
    expect(row).toEqual({ total: 6, name: 'Ada', at: '2026-11-29 10:00:00.123', none: true });
  });

  it('a statement that fails inside a transaction rolls it back and leaves the connection usable', async () => {
    const divide = (n: number) => sql`select 12 / ${n}::integer as n`;
    await expect(
      single.db.transaction(async (tx) => {
        expect(await rows(tx, divide(3))).toEqual([{ n: 4 }]);
        await rows(tx, divide(0));
      }),
    ).rejects.toThrow(/Failed query: select 12/);
    expect(await rows(single.db, divide(4))).toEqual([{ n: 3 }]);
  });
});

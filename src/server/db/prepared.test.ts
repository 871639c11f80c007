import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds, type TestDatabase } from '../../../tests/support/databases';
import { rows } from './raw';

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

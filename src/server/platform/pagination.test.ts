import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUserPageSchema } from '../../shared/api/customers';
import { createTestApp } from '../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../tests/support/databases';
import { makeAgent, makeCustomer, sessionCookie } from '../../../tests/support/users';

describe.each(testDatabaseKinds())('pages by (time, id) on $name', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let adminCookie: string;

  beforeAll(async () => {
    database = await kind.open();
    app = await createTestApp({ database });
    adminCookie = await sessionCookie(database.db, await makeAgent(database.db, { admin: true }));
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('loses no row made in the same millisecond as the last row of a page', async () => {
    // Five customers within one millisecond, a few microseconds apart, in no order of id.
    const made: string[] = [];
    for (const micros of ['123456', '123001', '123999', '123500', '123250']) {
      const customer = await makeCustomer(database.db);
      await database.db.execute(
        sql`update users set created_at = ${`2026-11-26T10:00:00.${micros}Z`}::timestamptz where id = ${customer.id}`,
      );
      made.push(customer.id);
    }
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/admin/users?role=customers&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        headers: { cookie: adminCookie },
      });
      expect(res.statusCode).toBe(200);
      const page = adminUserPageSchema.parse(res.json());
      seen.push(...page.items.map((u) => u.id));
      cursor = page.nextCursor;
    }
    expect(seen.toSorted()).toEqual(made.toSorted());
  });
});

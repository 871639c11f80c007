import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import { auditLog, users } from '../../db/schema';

describe.each(testDatabaseKinds())('customer status on $name', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let agentCookie: string;
  beforeAll(async () => {
    database = await kind.open();
    app = await createTestApp({ database, env: { DEMO_MODE: 'on' } });
    agentCookie = await sessionCookie(database.db, await makeAgent(database.db));
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  // The agent chat list's status dropdown and the demo agent view's.
  describe.each(['customer-status', 'status'])('PATCH /api/admin/users/:id/%s', (path) => {
    it('changes a customer account', async () => {
      const customer = await makeCustomer(database.db);
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${customer.id}/${path}`,
        headers: { cookie: agentCookie },
        payload: { status: 'hold' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: customer.id, customerStatus: 'hold' });
    });

    it.each([
      ['an agent', { admin: false }],
      ['an admin', { admin: true }],
      ['a deactivated agent', { active: false }],
    ])('refuses %s with 403 and changes nothing', async (_who, options) => {
      const staff = await makeAgent(database.db, options);
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${staff.id}/${path}`,
        headers: { cookie: agentCookie },
        payload: { status: 'banned' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Only customer accounts have a customer status' });
      const [row] = await database.db.select().from(users).where(eq(users.id, staff.id));
      expect(row?.customerStatus).toBe('active');
      const audit = await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, staff.id));
      expect(audit.map((a) => a.action)).not.toContain('customer.status');
    });
  });
});

import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionSchema } from '../../../shared/api/transactions';
import { createTestApp, injectJson, type InjectedCall } from '../../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import { auditLog } from '../../db/schema';

describe.each(testDatabaseKinds())('four eyes on transactions on $name', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  const cookie: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let sessionId: number;

  const call = (who: string, method: InjectedCall['method'], url: string, body?: unknown) =>
    injectJson(app, {
      cookie: cookie[who],
      method,
      url,
      body,
      headers:
        method === 'POST' && url === '/api/transactions'
          ? { 'idempotency-key': randomUUID() }
          : undefined,
    });
  const create = async (who: string, amount: string) => {
    const res = await call(who, 'POST', '/api/transactions', {
      chatSessionId: sessionId,
      type: 'refund',
      amount,
      reason: 'Overcharged',
    });
    expect(res.status).toBe(201);
    return transactionSchema.parse(res.body);
  };
  const audits = (id: number, action: string) =>
    database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, action)));

  beforeAll(async () => {
    database = await kind.open();
    app = await createTestApp({ database });
    await app.ready();
    const users = {
      customer: await makeCustomer(database.db),
      agent: await makeAgent(database.db),
      creator: await makeAgent(database.db, { admin: true }),
      second: await makeAgent(database.db, { admin: true }),
      third: await makeAgent(database.db, { admin: true }),
    };
    for (const [name, user] of Object.entries(users)) {
      cookie[name] = await sessionCookie(database.db, user);
      ids[name] = user.id;
    }
    sessionId = (await call('customer', 'POST', '/api/chat-sessions', { category: 'bitcoin' })).body
      .id;
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  it('creates $50.00 pending and $50.01 pending_approval, which cannot be completed yet', async () => {
    expect((await create('agent', '50.00')).status).toBe('pending');
    const waiting = await create('agent', '50.01');
    expect(waiting).toMatchObject({ status: 'pending_approval', total: '82516.50' });
    const early = await call('agent', 'PATCH', `/api/transactions/${waiting.id}/status`, {
      status: 'completed',
    });
    expect(early.status).toBe(409);
    expect(early.body.error).toMatch(/waits for an admin's approval/);
  });

  it('refuses the creator (403 naming the rule) and lets another admin approve, audited', async () => {
    const waiting = await create('creator', '60.50');
    for (const url of ['approve', 'reject']) {
      const own = await call('creator', 'POST', `/api/transactions/${waiting.id}/${url}`, {
        reason: 'mine',
      });
      expect(own.status).toBe(403);
      expect(own.body.error).toMatch(/^Four eyes: .* an admin other than the one who created it/);
    }
    const byAgent = await call('agent', 'POST', `/api/transactions/${waiting.id}/approve`);
    expect(byAgent.status).toBe(403);

    const listed = await call('second', 'GET', '/api/transactions/approvals');
    expect(listed.status).toBe(200);
    expect(listed.body.map((t: { id: number }) => t.id)).toContain(waiting.id);

    const approved = await call('second', 'POST', `/api/transactions/${waiting.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'pending', amount: '60.50' });
    const [entry] = await audits(waiting.id, 'transaction.approve');
    expect(entry).toMatchObject({
      actorId: ids.second,
      before: { status: 'pending_approval' },
      after: { status: 'pending' },
    });
    const after = await call('second', 'GET', '/api/transactions/approvals');
    expect(after.body.map((t: { id: number }) => t.id)).not.toContain(waiting.id);

    const again = await call('third', 'POST', `/api/transactions/${waiting.id}/approve`);
    expect(again.status).toBe(409);
    const completed = await call('creator', 'PATCH', `/api/transactions/${waiting.id}/status`, {
      status: 'completed',
    });
    expect(completed.body.status).toBe('completed');
  });

  it('rejects with a reason (failed, audited); without one it is a 400', async () => {
    const waiting = await create('agent', '75');
    const bare = await call('second', 'POST', `/api/transactions/${waiting.id}/reject`, {
      reason: '  ',
    });
    expect(bare.status).toBe(400);
    expect(bare.body.error).toMatch(/reason/);
    const rejected = await call('second', 'POST', `/api/transactions/${waiting.id}/reject`, {
      reason: 'No overcharge found',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.status).toBe('failed');
    const [entry] = await audits(waiting.id, 'transaction.reject');
    expect(entry?.after).toEqual({ status: 'failed', reason: 'No overcharge found' });
    const pending = await create('agent', '10');
    const notWaiting = await call('second', 'POST', `/api/transactions/${pending.id}/approve`);
    expect(notWaiting.status).toBe(409);
  });

  it('of 20 parallel approvals exactly one wins; the others are 409', async () => {
    const waiting = await create('agent', '500');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(i % 2 ? 'second' : 'third', 'POST', `/api/transactions/${waiting.id}/approve`),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await audits(waiting.id, 'transaction.approve')).toHaveLength(1);
  });
});

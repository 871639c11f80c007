import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSessionSchema } from '../../../shared/api/chat-sessions';
import {
  AGENT_SERVICE_CSV_HEADER,
  agentServicePageSchema,
  chatServiceTimesSchema,
  myServiceTodaySchema,
  type AgentServiceRow,
} from '../../../shared/api/service-metrics';
import { createTestApp, injectJson } from '../../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import type { Db } from '../../db/client';
import {
  agentAvailabilityChanges,
  auditLog,
  chatSessions,
  messages,
  orders,
  users,
} from '../../db/schema';

/** The fake clock: 14:00 UTC, 15:00 in Lagos on 20 Nov 2026. */
const NOW = new Date('2026-11-20T14:00:00Z');

async function named(db: Db, admin: boolean, firstName: string) {
  const agent = await makeAgent(db, { admin });
  await db.update(users).set({ firstName, lastName: 'Desk' }).where(eq(users.id, agent.id));
  return agent;
}

async function chat(
  db: Db,
  customerId: string,
  createdAt: string,
  extra: Partial<typeof chatSessions.$inferInsert> = {},
) {
  const [row] = await db
    .insert(chatSessions)
    .values({
      customerId,
      category: 'bitcoin',
      createdAt: new Date(createdAt),
      updatedAt: new Date(createdAt),
      ...extra,
    })
    .returning();
  return row!.id;
}

/** Messages with explicit times: [sender, ISO time], or [sender, ISO time, 'note']. */
async function say(db: Db, chatSessionId: number, lines: [string, string, 'note'?][]) {
  await db.insert(messages).values(
    lines.map(([senderId, at, note]) => ({
      chatSessionId,
      senderId,
      content: `at ${at}`,
      messageType: note ?? ('text' as const),
      clientMessageId: randomUUID(),
      createdAt: new Date(at),
    })),
  );
}

/** A resolution as the lifecycle writes it: its audit entry. */
async function resolved(
  db: Db,
  o: { chatSessionId: number; actorId: string; agentId: string | null; at: string },
) {
  await db.insert(auditLog).values({
    actorId: o.actorId,
    action: 'chat.resolved',
    entityType: 'chat_session',
    entityId: String(o.chatSessionId),
    before: { agentId: o.agentId },
    after: { agentId: o.agentId, status: 'closed' },
    createdAt: new Date(o.at),
  });
}

let orderCount = 0;
async function completedOrder(
  db: Db,
  o: { chatSessionId: number; customerId: string; paidBy: string; total: string; at: string },
) {
  await db.insert(orders).values({
    reference: `AC-MET${String(orderCount++).padStart(5, '0')}`,
    chatSessionId: o.chatSessionId,
    customerId: o.customerId,
    coin: 'bitcoin',
    network: 'BTC',
    amountCrypto: '0.01',
    rateNaira: '100000000',
    totalNaira: o.total,
    state: 'completed',
    expiresAt: new Date(o.at),
    paidBy: o.paidBy,
    completedAt: new Date(o.at),
    createdAt: new Date(o.at),
  });
}

describe.each(testDatabaseKinds())('measured service on $name', (kind) => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let ada: Awaited<ReturnType<typeof makeAgent>>;
  let bola: Awaited<ReturnType<typeof makeAgent>>;
  let adaCookie: string;
  let bolaCookie: string;
  let adminCookie: string;
  let customerCookie: string;
  let s1: number;
  let s2: number;

  beforeAll(async () => {
    database = await kind.open();
    app = await createTestApp({ database, clock: () => NOW });
    const db = database.db;
    ada = await named(db, false, 'Ada');
    bola = await named(db, false, 'Bola');
    const chi = await named(db, true, 'Chi');
    adaCookie = await sessionCookie(db, ada);
    bolaCookie = await sessionCookie(db, bola);
    adminCookie = await sessionCookie(db, chi);
    const [c1, c2, c3] = [await makeCustomer(db), await makeCustomer(db), await makeCustomer(db)];
    customerCookie = await sessionCookie(db, c1);

    // s1, today: first response 120 s (from the first of two customer messages, by Ada; her
    // private notes before it and in the next wait answer nobody); next responses 90 s (Ada),
    // 180 s (Bola, from the first of two), 30 s (Bola); resolved by Bola 20 min after it opened.
    s1 = await chat(db, c1.id, '2026-11-20T09:00:00Z', {
      agentId: bola.id,
      status: 'closed',
      resolvedAt: new Date('2026-11-20T09:20:00Z'),
    });
    await say(db, s1, [
      [c1.id, '2026-11-20T09:00:10Z'],
      [c1.id, '2026-11-20T09:00:40Z'],
      [ada.id, '2026-11-20T09:01:00Z', 'note'],
      [ada.id, '2026-11-20T09:02:10Z'],
      [c1.id, '2026-11-20T09:05:00Z'],
      [ada.id, '2026-11-20T09:06:00Z', 'note'],
      [ada.id, '2026-11-20T09:06:30Z'],
      [c1.id, '2026-11-20T09:10:00Z'],
      [c1.id, '2026-11-20T09:10:30Z'],
      [bola.id, '2026-11-20T09:13:00Z'],
      [bola.id, '2026-11-20T09:14:00Z'],
      [c1.id, '2026-11-20T09:15:00Z'],
      [bola.id, '2026-11-20T09:15:30Z'],
    ]);
    // s2, today: Ada writes first (no response: nobody waited), the customer answers at 10:01,
    // Ada replies at 10:05:01 (first response 241 s: with s1's 120 s, a median and an average of
    // 180.5 s, which round up); the customer's 10:06 message waits.
    s2 = await chat(db, c2.id, '2026-11-20T10:00:00Z', { agentId: ada.id, status: 'active' });
    await say(db, s2, [
      [ada.id, '2026-11-20T10:00:05Z'],
      [c2.id, '2026-11-20T10:01:00Z'],
      [ada.id, '2026-11-20T10:05:01Z'],
      [c2.id, '2026-11-20T10:06:00Z'],
    ]);
    // s3: answered by Ada at 23:59 Lagos on 19 Nov (1740 s), resolved by her at 00:10 Lagos on
    // 20 Nov: resolved today, answered yesterday.
    const s3 = await chat(db, c3.id, '2026-11-19T22:30:00Z', {
      agentId: ada.id,
      status: 'closed',
      resolvedAt: new Date('2026-11-19T23:10:00Z'),
    });
    await say(db, s3, [
      [c3.id, '2026-11-19T22:30:00Z'],
      [ada.id, '2026-11-19T22:59:00Z'],
    ]);
    // Resolutions: s1 by Bola, twice (the customer's thanks reopened it in between: still one
    // chat); s3 by Ada; s2 resolved last month (outside every period) and reopened since.
    const resolve = (chatSessionId: number, agentId: string, at: string) =>
      resolved(db, { chatSessionId, actorId: agentId, agentId, at });
    await resolve(s1, bola.id, '2026-11-20T09:20:00Z');
    await resolve(s1, bola.id, '2026-11-20T09:40:00Z');
    await resolve(s3, ada.id, '2026-11-19T23:10:00Z');
    await resolve(s2, ada.id, '2026-10-01T10:00:00Z');
    // The stored times as the message insert would have kept them.
    await db
      .update(chatSessions)
      .set({ firstResponseAt: new Date('2026-11-20T09:02:10Z') })
      .where(eq(chatSessions.id, s1));
    await db
      .update(chatSessions)
      .set({
        firstResponseAt: new Date('2026-11-20T10:05:01Z'),
        waitingSince: new Date('2026-11-20T10:06:00Z'),
      })
      .where(eq(chatSessions.id, s2));
    await db
      .update(chatSessions)
      .set({ firstResponseAt: new Date('2026-11-19T22:59:00Z') })
      .where(eq(chatSessions.id, s3));

    // Orders: Ada's today, Bola's five days ago, Ada's 50 days ago (outside every period).
    const order = { chatSessionId: s1, customerId: c1.id };
    await completedOrder(db, {
      ...order,
      paidBy: ada.id,
      total: '1500000.50',
      at: '2026-11-20T11:00:00Z',
    });
    await completedOrder(db, {
      ...order,
      paidBy: bola.id,
      total: '250000.25',
      at: '2026-11-15T11:00:00Z',
    });
    await completedOrder(db, {
      ...order,
      paidBy: ada.id,
      total: '999.99',
      at: '2026-10-01T11:00:00Z',
    });

    // Ada's Break: 20:00 UTC 19 Nov to 23:30 UTC (the last 30 min fall on 20 Nov in Lagos),
    // 12:00-12:30 today, and since 13:50 (10 min by the clock's 14:00).
    await db.insert(agentAvailabilityChanges).values(
      (
        [
          ['break', '2026-11-19T20:00:00Z'],
          ['online', '2026-11-19T23:30:00Z'],
          ['break', '2026-11-20T12:00:00Z'],
          ['online', '2026-11-20T12:30:00Z'],
          ['break', '2026-11-20T13:50:00Z'],
        ] as const
      ).map(([state, at]) => ({ agentId: ada.id, state, startedAt: new Date(at) })),
    );
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("measures one chat's first, next and resolution times from its messages", async () => {
    const one = await injectJson(app, {
      cookie: adaCookie,
      method: 'GET',
      url: `/api/service-metrics/chat-sessions/${s1}`,
    });
    expect(one.status).toBe(200);
    expect(chatServiceTimesSchema.parse(one.body)).toEqual({
      chatSessionId: s1,
      firstResponseSeconds: 120,
      nextResponses: { count: 3, medianSeconds: 90, averageSeconds: 100 },
      resolutionSeconds: 1200,
      waitingSince: null,
    });
    const two = await injectJson(app, {
      cookie: adaCookie,
      method: 'GET',
      url: `/api/service-metrics/chat-sessions/${s2}`,
    });
    expect(two.body).toEqual({
      chatSessionId: s2,
      firstResponseSeconds: 241,
      nextResponses: { count: 0, medianSeconds: null, averageSeconds: null },
      resolutionSeconds: null,
      waitingSince: '2026-11-20T10:06:00.000Z',
    });
  });

  it("gives the agent dashboard today's resolved chats and average first response (Lagos day)", async () => {
    const ada = await injectJson(app, {
      cookie: adaCookie,
      method: 'GET',
      url: '/api/service-metrics/me',
    });
    expect(ada.status).toBe(200);
    expect(myServiceTodaySchema.parse(ada.body)).toEqual({
      day: '2026-11-20',
      timeZone: 'Africa/Lagos',
      resolved: 1,
      firstResponses: 2,
      averageFirstResponseSeconds: 181,
    });
    const bola = await injectJson(app, {
      cookie: bolaCookie,
      method: 'GET',
      url: '/api/service-metrics/me',
    });
    expect(bola.body).toMatchObject({
      resolved: 1,
      firstResponses: 0,
      averageFirstResponseSeconds: null,
    });
  });

  it('reports every agent for today, 7 and 30 days: chats, first responses, resolved, orders, Break', async () => {
    const period = async (p: string) => {
      const res = await injectJson(app, {
        cookie: adminCookie,
        method: 'GET',
        url: `/api/service-metrics/agents?period=${p}`,
      });
      expect(res.status).toBe(200);
      const page = agentServicePageSchema.parse(res.body);
      const byName = (name: string) => page.items.find((a) => a.firstName === name)!;
      return { page, ada: byName('Ada'), bola: byName('Bola'), chi: byName('Chi') };
    };
    const today = await period('today');
    expect(today.page.range).toEqual({
      from: '2026-11-20',
      to: '2026-11-20',
      timeZone: 'Africa/Lagos',
    });
    expect(today.page.items.map((a) => a.firstName)).toEqual(['Ada', 'Bola', 'Chi']);
    expect(today.ada).toMatchObject<Partial<AgentServiceRow>>({
      chatsHandled: 2,
      firstResponses: 2,
      medianFirstResponseSeconds: 181,
      resolved: 1,
      ordersCompleted: 1,
      ordersVolumeNgn: '1500000.50',
      breakSeconds: 30 * 60 + 30 * 60 + 10 * 60,
    });
    expect(today.bola).toMatchObject<Partial<AgentServiceRow>>({
      chatsHandled: 1,
      firstResponses: 0,
      medianFirstResponseSeconds: null,
      resolved: 1,
      ordersCompleted: 0,
      ordersVolumeNgn: '0.00',
      breakSeconds: 0,
    });
    expect(today.chi).toMatchObject({ chatsHandled: 0, resolved: 0, breakSeconds: 0 });

    const week = await period('7d');
    expect(week.page.range.from).toBe('2026-11-14');
    expect(week.ada).toMatchObject<Partial<AgentServiceRow>>({
      chatsHandled: 3,
      firstResponses: 3,
      medianFirstResponseSeconds: 241,
      resolved: 1,
      ordersCompleted: 1,
      ordersVolumeNgn: '1500000.50',
      breakSeconds: 3.5 * 3600 + 30 * 60 + 10 * 60,
    });
    expect(week.bola).toMatchObject({ ordersCompleted: 1, ordersVolumeNgn: '250000.25' });

    const month = await period('30d');
    expect(month.page.range).toMatchObject({ from: '2026-10-22', to: '2026-11-20' });
    expect(month.ada.ordersCompleted).toBe(1);
  });

  it('searches agents by name and refuses an unknown period', async () => {
    const found = await injectJson(app, {
      cookie: adminCookie,
      method: 'GET',
      url: '/api/service-metrics/agents?period=today&q=bol',
    });
    expect(found.body.items.map((a: AgentServiceRow) => a.firstName)).toEqual(['Bola']);
    const bad = await injectJson(app, {
      cookie: adminCookie,
      method: 'GET',
      url: '/api/service-metrics/agents?period=year',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toEqual(expect.any(String));
  });

  it('exports the same figures as CSV, the units in the column names', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/service-metrics/agents.csv?period=today',
      headers: { cookie: adminCookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="agents-2026-11-20-to-2026-11-20.csv"',
    );
    const [header, ...lines] = res.body.trimEnd().split('\r\n');
    expect(header).toBe(AGENT_SERVICE_CSV_HEADER.join(','));
    expect(header).toContain('median_first_response_seconds');
    expect(header).toContain('orders_volume_ngn');
    const adaLine = lines.find((l) => l.startsWith(ada.id))!.split(',');
    expect(adaLine.slice(1, 2)).toEqual(['Ada Desk']);
    expect(adaLine.slice(3)).toEqual([
      '2026-11-20',
      '2026-11-20',
      '2',
      '2',
      '181',
      '1',
      '1',
      '1500000.50',
      '4200',
    ]);
    expect(lines).toHaveLength(3);
  });

  it('lets staff alone read the figures: admins the Agents tab, agents their own', async () => {
    for (const url of [
      '/api/service-metrics/agents?period=today',
      '/api/service-metrics/agents.csv?period=today',
    ]) {
      expect((await injectJson(app, { cookie: adaCookie, method: 'GET', url })).status).toBe(403);
      expect((await injectJson(app, { cookie: customerCookie, method: 'GET', url })).status).toBe(
        403,
      );
      expect((await injectJson(app, { method: 'GET', url })).status).toBe(401);
    }
    for (const url of ['/api/service-metrics/me', `/api/service-metrics/chat-sessions/${s1}`]) {
      expect((await injectJson(app, { cookie: customerCookie, method: 'GET', url })).status).toBe(
        403,
      );
    }
    const missing = await injectJson(app, {
      cookie: adaCookie,
      method: 'GET',
      url: '/api/service-metrics/chat-sessions/999999',
    });
    expect(missing.status).toBe(404);
  });

  it("keeps waiting_since and first_response_at as messages arrive, and sends waitingSince with the chat's list item", async () => {
    const db = database.db;
    const customer = await makeCustomer(db);
    const cookie = await sessionCookie(db, customer);
    const id = await chat(db, customer.id, new Date().toISOString());
    const send = (c: string) =>
      injectJson(app, {
        cookie: c,
        method: 'POST',
        url: `/api/chat-sessions/${id}/messages`,
        body: { clientMessageId: randomUUID(), content: 'hello' },
      });
    const stored = async () => {
      const [row] = await db.select().from(chatSessions).where(eq(chatSessions.id, id));
      return { waiting: row!.waitingSince?.toISOString() ?? null, first: row!.firstResponseAt };
    };
    const first = await send(cookie);
    expect(first.status).toBe(201);
    expect((await stored()).waiting).toBe(first.body.createdAt);
    // A second message while waiting keeps the wait's start.
    await send(cookie);
    expect((await stored()).waiting).toBe(first.body.createdAt);
    const list = await injectJson(app, {
      cookie: bolaCookie,
      method: 'GET',
      url: '/api/chat-sessions',
    });
    const item = chatSessionSchema.parse(list.body.items.find((s: { id: number }) => s.id === id));
    expect(item.waitingSince).toBe(first.body.createdAt);

    // A private note answers nobody: the customer still waits.
    const note = await injectJson(app, {
      cookie: bolaCookie,
      method: 'POST',
      url: `/api/chat-sessions/${id}/notes`,
      body: { clientMessageId: randomUUID(), content: 'checking the deposit' },
    });
    expect(note.status).toBe(201);
    expect(await stored()).toEqual({ waiting: first.body.createdAt, first: null });
    const reply = await send(bolaCookie);
    expect(reply.status).toBe(201);
    expect(await stored()).toEqual({ waiting: null, first: new Date(reply.body.createdAt) });
    // A later answer is a next response: the first response stays.
    const again = await send(cookie);
    expect((await stored()).waiting).toBe(again.body.createdAt);
    // The chat is Bola's now (his reply claimed it): his next answer is a next response.
    expect((await send(bolaCookie)).status).toBe(201);
    expect(await stored()).toEqual({ waiting: null, first: new Date(reply.body.createdAt) });
    const times = await injectJson(app, {
      cookie: adaCookie,
      method: 'GET',
      url: `/api/service-metrics/chat-sessions/${id}`,
    });
    expect(times.body.nextResponses.count).toBe(1);

    // The customer's "thanks" waits; resolving the chat ends every wait, and the customer's next
    // message (which reopens it) starts a new one, not the old one.
    await send(cookie);
    expect((await stored()).waiting).not.toBeNull();
    const resolvedChat = await injectJson(app, {
      cookie: bolaCookie,
      method: 'POST',
      url: `/api/chat-sessions/${id}/resolve`,
      body: {},
    });
    expect(resolvedChat.status).toBe(200);
    expect(resolvedChat.body.waitingSince).toBeNull();
    expect((await stored()).waiting).toBeNull();
    const reopening = await send(cookie);
    expect(reopening.status).toBe(201);
    expect((await stored()).waiting).toBe(reopening.body.createdAt);
  });

  it("counts a person's reply, not a payout-proof image, as the response", async () => {
    const db = database.db;
    const customer = await makeCustomer(db);
    const id = await chat(db, customer.id, '2026-11-20T11:00:00Z', {
      agentId: bola.id,
      status: 'active',
    });
    await say(db, id, [[customer.id, '2026-11-20T11:00:00Z']]);
    // The receipt Bola attaches with the payout, 20 s after the customer wrote, then his answer.
    const [proof] = await db
      .insert(messages)
      .values({
        chatSessionId: id,
        senderId: bola.id,
        messageType: 'image',
        clientMessageId: randomUUID(),
        createdAt: new Date('2026-11-20T11:00:20Z'),
      })
      .returning();
    await db.insert(orders).values({
      reference: 'AC-PROOF001',
      chatSessionId: id,
      customerId: customer.id,
      coin: 'bitcoin',
      network: 'BTC',
      amountCrypto: '0.01',
      rateNaira: '100000000',
      totalNaira: '1000000.00',
      state: 'payout_sent',
      expiresAt: new Date('2026-11-20T11:15:00Z'),
      payoutProofMessageId: proof!.id,
      createdAt: new Date('2026-11-20T10:59:00Z'),
    });
    await say(db, id, [[bola.id, '2026-11-20T11:05:00Z']]);
    const times = await injectJson(app, {
      cookie: bolaCookie,
      method: 'GET',
      url: `/api/service-metrics/chat-sessions/${id}`,
    });
    expect(times.status).toBe(200);
    expect(times.body).toMatchObject({
      firstResponseSeconds: 300,
      nextResponses: { count: 0 },
    });
  });
});

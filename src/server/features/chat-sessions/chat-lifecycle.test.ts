import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chatSessionPageSchema, chatSessionSchema } from '../../../shared/api/chat-sessions';
import { messagePageSchema } from '../../../shared/api/messages';
import { injectJson } from '../../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { startLiveApp, type LiveApp } from '../../../../tests/support/live-app';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import { TestSocket } from '../../../../tests/support/ws-client';
import { rows } from '../../db/raw';
import { EventBus } from '../../platform/event-bus';
import { EventLog } from '../../platform/realtime/events';
import type { SessionUser } from '../../platform/sessions';
import { typicalReplyMinutes } from '../availability/get-desk-status';
import { sweepPresence } from '../availability';

type Who = { user: SessionUser; cookie: string };

describe.each(testDatabaseKinds())('chat lifecycle and assignment on $name', (kind) => {
  let database: TestDatabase;
  let live: LiveApp;

  async function person(make: () => Promise<SessionUser>): Promise<Who> {
    const user = await make();
    return { user, cookie: await sessionCookie(database.db, user) };
  }
  const call = (
    who: Who | undefined,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: unknown,
  ) => injectJson(live.app, { cookie: who?.cookie, method, url, body });
  const setState = async (who: Who, state: 'online' | 'break' | 'offline') =>
    expect((await call(who, 'PUT', '/api/availability/me', { state })).status).toBe(200);
  const openChat = async (who: Who, category: 'bitcoin' | 'usdt') => {
    const res = await call(who, 'POST', '/api/chat-sessions', { category });
    expect(res.status).toBe(201);
    return chatSessionSchema.parse(res.body);
  };
  const chat = async (id: number) =>
    chatSessionSchema.parse((await call(admin, 'GET', `/api/chat-sessions/${id}`)).body);
  const say = (who: Who, id: number, content: string) =>
    call(who, 'POST', `/api/chat-sessions/${id}/messages`, {
      clientMessageId: randomUUID(),
      content,
    });
  /** Every agent Offline and every chat resolved: each test starts from an empty desk. */
  async function emptyDesk() {
    await database.db.execute(sql`update agent_availability set state = 'offline'`);
    await database.db.execute(
      sql`update chat_sessions set status = 'closed', resolved_at = now() where status <> 'closed'`,
    );
  }
  const heldBy = async (agentId: string) =>
    Number(
      (
        await rows<{ n: string }>(
          database.db,
          sql`select count(*) as n from chat_sessions
              where status = 'active' and agent_id = ${agentId}::uuid`,
        )
      )[0]!.n,
    );
  let admin: Who;

  beforeAll(async () => {
    database = await kind.open();
    // The cap raised to 20 so that 100 chats over 5 agents fill them exactly.
    live = await startLiveApp(database, {
      DATA_DIR: `/tmp/agentchat-lifecycle-${randomUUID()}`,
      MAX_OPEN_CHATS_PER_AGENT: '20',
    });
    admin = await person(() => makeAgent(database.db, { admin: true, agentType: 'general' }));
  });
  afterAll(async () => {
    await live.close();
    await database.dispose();
  });

  it('100 chats over 5 online agents: 20 each, none over the cap; Break, Offline, other desks and admins get none', async () => {
    await emptyDesk();
    const online = [
      ...(await Promise.all(
        [0, 1, 2].map(() => person(() => makeAgent(database.db, { agentType: 'bitcoin' }))),
      )),
      ...(await Promise.all(
        [0, 1].map(() => person(() => makeAgent(database.db, { agentType: 'general' }))),
      )),
    ];
    const onBreak = await person(() => makeAgent(database.db, { agentType: 'bitcoin' }));
    const offline = await person(() => makeAgent(database.db, { agentType: 'general' }));
    const usdtOnly = await person(() => makeAgent(database.db, { agentType: 'usdt' }));
    for (const who of [...online, usdtOnly, admin]) await setState(who, 'online');
    await setState(onBreak, 'break');
    await setState(offline, 'online');
    await setState(offline, 'offline');

    const customers = await Promise.all(
      Array.from({ length: 101 }, () => person(() => makeCustomer(database.db))),
    );
    // Concurrently, 20 at a time: the assignment lock keeps every count right.
    const chats = [];
    for (let i = 0; i < 100; i += 20) {
      chats.push(
        ...(await Promise.all(customers.slice(i, i + 20).map((c) => openChat(c, 'bitcoin')))),
      );
    }
    expect(chats.every((c) => c.status === 'active' && c.agentId !== null)).toBe(true);
    for (const who of online) expect(await heldBy(who.user.id)).toBe(20);
    for (const who of [onBreak, offline, usdtOnly, admin])
      expect(await heldBy(who.user.id)).toBe(0);

    // Everyone full: the 101st waits Unassigned, and goes to the first agent with room.
    const waiting = await openChat(customers[100]!, 'bitcoin');
    expect(waiting).toMatchObject({ status: 'open', agentId: null });
    const freed = chats.find((c) => c.agentId === online[0]!.user.id)!;
    const resolved = await call(online[0], 'POST', `/api/chat-sessions/${freed.id}/resolve`);
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ status: 'closed' });
    expect(resolved.body.resolvedAt).not.toBeNull();
    expect(await chat(waiting.id)).toMatchObject({
      status: 'active',
      agentId: online[0]!.user.id,
    });
    expect(await heldBy(online[0]!.user.id)).toBe(20);
  }, 180_000);

  it('with nobody online a chat waits Unassigned and goes to the first agent who comes online, up to the cap', async () => {
    await emptyDesk();
    const agent = await person(() => makeAgent(database.db, { agentType: 'usdt' }));
    const customers = await Promise.all(
      Array.from({ length: 22 }, () => person(() => makeCustomer(database.db))),
    );
    const waiting = [];
    for (const c of customers) waiting.push(await openChat(c, 'usdt'));
    expect(waiting.every((c) => c.status === 'open' && c.agentId === null)).toBe(true);
    const unassigned = chatSessionPageSchema.parse(
      (await call(agent, 'GET', '/api/chat-sessions/all?filter=unassigned&limit=100')).body,
    );
    expect(unassigned.items.map((c) => c.id).sort()).toEqual(waiting.map((c) => c.id).sort());

    await setState(agent, 'online');
    expect(await heldBy(agent.user.id)).toBe(20);
    // Oldest first: the two newest still wait.
    for (const c of waiting.slice(0, 20)) expect((await chat(c.id)).agentId).toBe(agent.user.id);
    for (const c of waiting.slice(20)) expect((await chat(c.id)).status).toBe('open');
  }, 120_000);

  it('round-robin gives a new chat to the least-loaded online agent, the longest unserved among equals', async () => {
    await emptyDesk();
    const ada = await person(() => makeAgent(database.db, { agentType: 'bitcoin' }));
    const bayo = await person(() => makeAgent(database.db, { agentType: 'bitcoin' }));
    const customers = await Promise.all(
      Array.from({ length: 7 }, () => person(() => makeCustomer(database.db))),
    );
    await setState(ada, 'online');
    for (const c of customers.slice(0, 3)) await openChat(c, 'bitcoin');
    expect(await heldBy(ada.user.id)).toBe(3);
    await setState(bayo, 'online');
    // Bayo was given chats more recently than Ada, yet holds fewer: the next ones are his.
    const next = [];
    for (const c of customers.slice(3)) next.push(await openChat(c, 'bitcoin'));
    expect(next.map((c) => c.agentId)).toEqual([
      bayo.user.id,
      bayo.user.id,
      bayo.user.id,
      // Three each: the one given a chat longest ago.
      ada.user.id,
    ]);
  });

  it('deactivating an agent hands their open chats back to assignment at once; the customer sees who has it', async () => {
    await emptyDesk();
    const leaving = await person(() => makeAgent(database.db, { agentType: 'bitcoin' }));
    const staying = await person(() => makeAgent(database.db, { agentType: 'bitcoin' }));
    const customers = await Promise.all([0, 1].map(() => person(() => makeCustomer(database.db))));
    await setState(leaving, 'online');
    const chats = [
      await openChat(customers[0]!, 'bitcoin'),
      await openChat(customers[1]!, 'bitcoin'),
    ];
    expect(chats.map((c) => c.agentId)).toEqual([leaving.user.id, leaving.user.id]);
    await setState(staying, 'online');
    const customerSocket = await TestSocket.connect(live.baseUrl, customers[0]!.cookie);
    await customerSocket.resume();

    const res = await call(admin, 'POST', `/api/agents/${leaving.user.id}/deactivate`);
    expect(res.status).toBe(200);
    for (const c of chats)
      expect(await chat(c.id)).toMatchObject({ status: 'active', agentId: staying.user.id });
    await customerSocket.waitFor(
      () =>
        customerSocket.events.some(
          (e) =>
            e.type === 'session.updated' &&
            e.session.id === chats[0]!.id &&
            e.session.agentId === staying.user.id,
        ),
      'the new holder',
    );
    customerSocket.close();
    const audit = await rows<{ action: string }>(
      database.db,
      sql`select action from audit_log where entity_type = 'chat_session'
          and entity_id = ${String(chats[0]!.id)} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'chat.auto_assigned',
      'chat.released',
      'chat.auto_assigned',
    ]);
    const [availability] = await rows<{ state: string }>(
      database.db,
      sql`select state from agent_availability where agent_id = ${leaving.user.id}::uuid`,
    );
    expect(availability!.state).toBe('offline');

    // With nobody Online to take them, they wait Unassigned rather than stay with a leaver.
    const third = await person(() => makeCustomer(database.db));
    const last = await openChat(third, 'bitcoin');
    expect(last.agentId).toBe(staying.user.id);
    expect((await call(admin, 'POST', `/api/agents/${staying.user.id}/deactivate`)).status).toBe(
      200,
    );
    for (const c of [...chats, last])
      expect(await chat(c.id)).toMatchObject({ status: 'open', agentId: null });
  });

  it('locked chats are read-only; claim, transfer with a note, take-over (audited), resolve and reopen', async () => {
    await emptyDesk();
    const alice = await person(() => makeAgent(database.db, { agentType: 'general' }));
    const bola = await person(() => makeAgent(database.db, { agentType: 'general' }));
    const customer = await person(() => makeCustomer(database.db));
    await setState(alice, 'online');
    const c = await openChat(customer, 'bitcoin');
    expect(c).toMatchObject({ status: 'active', agentId: alice.user.id });
    expect(c.assignedAt).not.toBeNull();

    // Bola: read-only, with a clear refusal.
    const refused = await say(bola, c.id, 'hello');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('This chat is assigned to Test Agent: it is read-only for you');
    expect((await call(bola, 'POST', `/api/chat-sessions/${c.id}/claim`)).status).toBe(409);
    expect((await call(bola, 'POST', `/api/chat-sessions/${c.id}/resolve`)).status).toBe(403);
    expect(
      (
        await call(bola, 'POST', `/api/chat-sessions/${c.id}/transfer`, {
          agentId: bola.user.id,
          note: 'mine now',
        })
      ).status,
    ).toBe(403);
    expect((await call(bola, 'POST', `/api/chat-sessions/${c.id}/take-over`)).status).toBe(403);
    expect((await call(customer, 'POST', `/api/chat-sessions/${c.id}/claim`)).status).toBe(403);
    expect(
      (await call(alice, 'POST', `/api/chat-sessions/${c.id}/transfer`, { agentId: bola.user.id }))
        .status,
    ).toBe(400);
    expect(
      (await call(alice, 'POST', `/api/chat-sessions/${c.id}/assign`, { agentId: 'nope' })).status,
    ).toBe(400);
    const mineForBola = chatSessionPageSchema.parse(
      (await call(bola, 'GET', '/api/chat-sessions/all?filter=locked&limit=100')).body,
    );
    expect(mineForBola.items.map((s) => s.id)).toContain(c.id);

    // Alice hands it to Bola with a note; staff hear the note, the customer does not.
    const transferred = await call(alice, 'POST', `/api/chat-sessions/${c.id}/transfer`, {
      agentId: bola.user.id,
      note: 'Wants a better rate',
    });
    expect(transferred.status).toBe(200);
    expect(transferred.body).toMatchObject({ agentId: bola.user.id, status: 'active' });
    // The note waits for Bola in the conversation, as Alice's private note; never the customer's.
    const forBola = messagePageSchema.parse(
      (await call(bola, 'GET', `/api/chat-sessions/${c.id}/messages`)).body,
    );
    expect(forBola.items.filter((m) => m.messageType === 'note')).toEqual([
      expect.objectContaining({ content: 'Wants a better rate', senderId: alice.user.id }),
    ]);
    const forCustomer = messagePageSchema.parse(
      (await call(customer, 'GET', `/api/chat-sessions/${c.id}/messages`)).body,
    );
    expect(forCustomer.items.map((m) => m.content)).not.toContain('Wants a better rate');
    expect((await say(alice, c.id, 'still me?')).status).toBe(403);
    expect((await say(bola, c.id, 'Hi, Bola here')).status).toBe(201);
    const mine = chatSessionPageSchema.parse(
      (await call(bola, 'GET', '/api/chat-sessions/all?filter=mine&limit=100')).body,
    );
    expect(mine.items.map((s) => s.id)).toEqual([c.id]);

    // The admin takes it over: audited, and now locked for Bola.
    const taken = await call(admin, 'POST', `/api/chat-sessions/${c.id}/take-over`);
    expect(taken.status).toBe(200);
    expect(taken.body.agentId).toBe(admin.user.id);
    expect((await say(bola, c.id, 'hello?')).status).toBe(403);
    const audit = await rows<{ action: string; actor_id: string | null; after: unknown }>(
      database.db,
      sql`select action, actor_id, after from audit_log
          where entity_type = 'chat_session' and entity_id = ${String(c.id)} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'chat.auto_assigned',
      'chat.transferred',
      'chat.taken_over',
    ]);
    expect(audit[1]!.after).toMatchObject({ note: 'Wants a better rate' });
    expect(audit[2]!.actor_id).toBe(admin.user.id);
    const customerEvents = await rows<{ type: string }>(
      database.db,
      sql`select type from realtime_events where chat_session_id = ${c.id}
          and customer_id is not null and payload::text like '%better rate%'`,
    );
    expect(customerEvents).toEqual([]);

    // Resolved: archived; the customer's message reopens it to its agent, who is not Online
    // (an admin), so it waits and round-robin gives it to Alice.
    expect((await call(admin, 'POST', `/api/chat-sessions/${c.id}/resolve`)).status).toBe(200);
    const archived = chatSessionPageSchema.parse(
      (await call(alice, 'GET', '/api/chat-sessions/all?filter=archived&limit=100')).body,
    );
    expect(archived.items.map((s) => s.id)).toContain(c.id);
    expect((await say(alice, c.id, 'late reply')).status).toBe(409);
    await database.db.execute(
      sql`update agent_availability set state = 'offline' where agent_id = ${admin.user.id}::uuid`,
    );
    expect((await say(customer, c.id, 'One more thing')).status).toBe(201);
    expect(await chat(c.id)).toMatchObject({
      status: 'active',
      agentId: alice.user.id,
      resolvedAt: null,
    });

    // Alice resolves; she is Online, so the customer's next message brings it back to her.
    expect((await call(alice, 'POST', `/api/chat-sessions/${c.id}/resolve`)).status).toBe(200);
    expect((await say(customer, c.id, 'And another')).status).toBe(201);
    expect(await chat(c.id)).toMatchObject({ status: 'active', agentId: alice.user.id });
    // An agent reopens by hand too.
    expect((await call(alice, 'POST', `/api/chat-sessions/${c.id}/resolve`)).status).toBe(200);
    const reopened = await call(bola, 'POST', `/api/chat-sessions/${c.id}/reopen`);
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ status: 'active', agentId: alice.user.id });
    expect((await call(bola, 'POST', `/api/chat-sessions/${c.id}/reopen`)).status).toBe(409);
  }, 120_000);

  it('presence: a socket brings an agent Online (not from Break); every tab closed for 2 minutes sets Offline', async () => {
    await emptyDesk();
    const agent = await person(() => makeAgent(database.db, { agentType: 'usdt' }));
    const stateOf = async () => (await call(agent, 'GET', '/api/availability/me')).body.state;
    // Rows of this agent in socket_presence: one per instance holding a socket of theirs.
    const connections = async () =>
      Number(
        (
          await rows<{ n: string }>(
            database.db,
            sql`select count(*) as n from socket_presence where user_id = ${agent.user.id}::uuid`,
          )
        )[0]!.n,
      );
    expect(await stateOf()).toBe('offline');
    const first = await TestSocket.connect(live.baseUrl, agent.cookie);
    await first.resume();
    await first.waitFor(() => first.events.some((e) => e.type === 'agent.availability'), 'online');
    expect(await stateOf()).toBe('online');
    expect(await connections()).toBe(1);

    // A second tab on the same instance: still one row, still Online.
    const second = await TestSocket.connect(live.baseUrl, agent.cookie);
    await second.resume();
    await live.app.presence.idle();
    expect(await connections()).toBe(1);

    // On Break, every tab closes, then one opens again: the agent stays on Break.
    await setState(agent, 'break');
    first.close();
    second.close();
    await vi.waitFor(() => expect(live.app.realtime.size).toBe(0));
    await live.app.presence.idle();
    expect(await connections()).toBe(0);
    const third = await TestSocket.connect(live.baseUrl, agent.cookie);
    await third.resume();
    await live.app.presence.idle();
    expect(await connections()).toBe(1);
    expect(await stateOf()).toBe('break');
    third.close();
    await vi.waitFor(() => expect(live.app.realtime.size).toBe(0));
    await live.app.presence.idle();
    expect(await connections()).toBe(0);
    // The sweep as any instance runs it: its own event log on the same database.
    const events = new EventLog(database, new EventBus());
    // Every tab closed for 3 minutes: a Break is the agent's to end, not the sweep's.
    expect(
      await sweepPresence({ events, cap: 10, now: new Date(Date.now() + 180_000) }),
    ).not.toContain(agent.user.id);
    expect(await stateOf()).toBe('break');
    await setState(agent, 'online');
    const now = Date.now();
    // A minute later: not yet.
    expect(await sweepPresence({ events, cap: 10, now: new Date(now + 60_000) })).not.toContain(
      agent.user.id,
    );
    // Another instance still holds a fresh socket of theirs: not Offline either.
    await database.db.execute(
      sql`insert into socket_presence (user_id, instance_id, seen_at)
          values (${agent.user.id}::uuid, 'another-instance',
                  ${new Date(now + 150_000).toISOString()}::timestamptz)`,
    );
    expect(await sweepPresence({ events, cap: 10, now: new Date(now + 180_000) })).not.toContain(
      agent.user.id,
    );
    await database.db.execute(
      sql`delete from socket_presence where instance_id = 'another-instance'`,
    );
    expect(await sweepPresence({ events, cap: 10, now: new Date(now + 180_000) })).toContain(
      agent.user.id,
    );
    expect(await stateOf()).toBe('offline');
    const log = await rows<{ state: string }>(
      database.db,
      sql`select state from agent_availability_changes where agent_id = ${agent.user.id}::uuid
          order by started_at, id`,
    );
    expect(log.map((l) => l.state)).toEqual(['online', 'break', 'online', 'offline']);
  });

  it('a Break ends by the agent, an admin, or the last sign-out; never by the sweep', async () => {
    await emptyDesk();
    const agent = await person(() => makeAgent(database.db, { agentType: 'usdt' }));
    const stateIn = async () =>
      (
        await rows<{ state: string }>(
          database.db,
          sql`select state from agent_availability where agent_id = ${agent.user.id}::uuid`,
        )
      )[0]?.state;
    await setState(agent, 'break');

    // An admin ends it, audited; an agent may not set another's, nor anyone a customer's.
    const other = await person(() => makeAgent(database.db, { agentType: 'usdt' }));
    const byAgent = await call(other, 'PUT', `/api/availability/agents/${agent.user.id}`, {
      state: 'online',
    });
    expect(byAgent.status).toBe(403);
    const ended = await call(admin, 'PUT', `/api/availability/agents/${agent.user.id}`, {
      state: 'online',
    });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ agentId: agent.user.id, state: 'online' });
    const [audit] = await rows<{ actor_id: string; before: unknown; after: unknown }>(
      database.db,
      sql`select actor_id, before, after from audit_log
          where action = 'agent.availability' and entity_id = ${agent.user.id}`,
    );
    expect(audit).toMatchObject({
      actor_id: admin.user.id,
      before: { state: 'break' },
      after: { state: 'online' },
    });
    const customer = await person(() => makeCustomer(database.db));
    expect(
      (
        await call(admin, 'PUT', `/api/availability/agents/${customer.user.id}`, {
          state: 'online',
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(admin, 'PUT', `/api/availability/agents/${agent.user.id}`, { state: 'away' }))
        .status,
    ).toBe(400);

    // Signed in twice: signing out of one keeps the Break; out of the last ends the day.
    await setState(agent, 'break');
    const second = await sessionCookie(database.db, agent.user);
    expect((await call(agent, 'POST', '/api/agent/logout')).status).toBe(200);
    await live.app.availability.idle();
    expect(await stateIn()).toBe('break');
    const out = await injectJson(live.app, {
      cookie: second,
      method: 'POST',
      url: '/api/agent/logout',
    });
    expect(out.status).toBe(200);
    await live.app.availability.idle();
    expect(await stateIn()).toBe('offline');
    // A customer's sign-out gives them no availability.
    await call(customer, 'POST', '/api/agent/logout');
    await live.app.availability.idle();
    const none = await rows(
      database.db,
      sql`select 1 from agent_availability where agent_id = ${customer.user.id}::uuid`,
    );
    expect(none).toEqual([]);
  });

  it("the desk's status: real online agents' first names and the median first response, or none", async () => {
    await emptyDesk();
    const empty = await call(undefined, 'GET', '/api/availability/desks/usdt');
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ desk: 'usdt', online: false, onlineAgents: [] });
    expect((await call(undefined, 'GET', '/api/availability/desks/euro')).status).toBe(400);

    const tunde = await person(() =>
      makeAgent(database.db, { agentType: 'usdt', firstName: 'Tunde' }),
    );
    await setState(tunde, 'online');
    const status = await call(undefined, 'GET', '/api/availability/desks/usdt');
    expect(status.body).toMatchObject({ online: true, onlineAgents: [{ firstName: 'Tunde' }] });
    const bitcoin = await call(undefined, 'GET', '/api/availability/desks/bitcoin');
    expect(bitcoin.body.onlineAgents).not.toContainEqual({ firstName: 'Tunde' });

    // Replies after 2, 3 and 10 minutes: the median is 3.
    const at = new Date('2026-11-20T10:00:00Z');
    for (const minutes of [2, 3, 10]) {
      const customer = await person(() => makeCustomer(database.db));
      const c = await openChat(customer, 'usdt');
      const asked = await say(customer, c.id, 'rate?');
      const replied = await say(tunde, c.id, 'here');
      expect([asked.status, replied.status]).toEqual([201, 201]);
      await database.db.execute(
        sql`update chat_sessions set created_at = ${at.toISOString()}::timestamptz
            where id = ${c.id}`,
      );
      await database.db.execute(
        sql`update messages set created_at = ${at.toISOString()}::timestamptz
            where id = ${asked.body.id}`,
      );
      await database.db.execute(
        sql`update messages set created_at = ${new Date(at.getTime() + minutes * 60_000).toISOString()}::timestamptz
            where id = ${replied.body.id}`,
      );
      await call(tunde, 'POST', `/api/chat-sessions/${c.id}/resolve`);
    }
    const now = new Date('2026-11-21T10:00:00Z');
    expect(await typicalReplyMinutes({ db: database.db, desk: 'usdt', now })).toBe(3);
    expect(await typicalReplyMinutes({ db: database.db, desk: 'bitcoin', now })).toBeNull();
    // A week later, nothing counts.
    expect(
      await typicalReplyMinutes({
        db: database.db,
        desk: 'usdt',
        now: new Date('2026-11-28T10:00:01Z'),
      }),
    ).toBeNull();
  });
});

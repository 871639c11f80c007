import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { TYPING_THROTTLE_MS, type ServerFrame } from '../../../shared/api/realtime';
import {
  openPgliteTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../../../tests/support/databases';
import { startLiveApp, type LiveApp } from '../../../../tests/support/live-app';
import { startTwoInstances, type TwoInstances } from '../../../../tests/support/two-instances';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import { TestSocket } from '../../../../tests/support/ws-client';
import type { Notifications } from '../../db/notifications';
import { rows } from '../../db/raw';
import { chatSessions } from '../../db/schema';
import { EventBus } from '../event-bus';
import type { SessionUser } from '../sessions';
import { EventLog } from './events';
import { RealtimeHub, type Subscriber } from './hub';
import { TypingRelay, TYPING_MIN_GAP_MS } from './typing';

type Typing = Extract<ServerFrame, { type: 'typing' }>;

const typingIn = (socket: TestSocket, chatSessionId: number) =>
  socket.frames.filter(
    (f): f is Typing => f.type === 'typing' && f.chatSessionId === chatSessionId,
  );

function type(socket: TestSocket, chatSessionId: number): void {
  socket.ws.send(JSON.stringify({ type: 'typing', chatSessionId }));
}

/** The socket shows these chats' conversations now: typing comes for them only. */
async function watch(socket: TestSocket, ...chatSessionIds: number[]): Promise<void> {
  socket.ws.send(JSON.stringify({ type: 'watch', chatSessionIds }));
  await handled(socket);
}

/** A ping answered: the server has handled every frame this socket sent before it. */
async function handled(socket: TestSocket): Promise<void> {
  const pongs = socket.frames.filter((f) => f.type === 'pong').length;
  socket.ws.send(JSON.stringify({ type: 'ping' }));
  await socket.waitFor(() => socket.frames.filter((f) => f.type === 'pong').length > pongs, 'pong');
}

async function newChat(app: LiveApp, cookie: string): Promise<number> {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/chat-sessions',
    headers: { cookie },
    payload: { category: 'bitcoin' },
  });
  return res.json().id as number;
}

describe.each(testDatabaseKinds())('typing on $name', (kind) => {
  let database: TestDatabase;
  let live: LiveApp;
  let alice: SessionUser;
  let agent: SessionUser;
  const cookies = { alice: '', bob: '', agent: '', otherAgent: '' };

  beforeAll(async () => {
    database = await kind.open();
    live = await startLiveApp(database, { DATA_DIR: `/tmp/agentchat-typing-test-${randomUUID()}` });
    alice = await makeCustomer(database.db);
    agent = await makeAgent(database.db);
    cookies.alice = await sessionCookie(database.db, alice);
    cookies.bob = await sessionCookie(database.db, await makeCustomer(database.db));
    cookies.agent = await sessionCookie(database.db, agent);
    cookies.otherAgent = await sessionCookie(database.db, await makeAgent(database.db));
  });
  afterAll(async () => {
    await live.close();
    await database.dispose();
  });

  it('reaches the other side of the chat only, where it is open, throttled, never stored', async () => {
    const aliceChat = await newChat(live, cookies.alice);
    const bobChat = await newChat(live, cookies.bob);
    const sockets = {
      alice: await TestSocket.connect(live.baseUrl, cookies.alice),
      bob: await TestSocket.connect(live.baseUrl, cookies.bob),
      agent: await TestSocket.connect(live.baseUrl, cookies.agent),
      otherAgent: await TestSocket.connect(live.baseUrl, cookies.otherAgent),
    };
    for (const s of Object.values(sockets)) await s.resume();
    // What each page shows. Bob asks for Alice's chat too: watching grants nothing.
    await watch(sockets.alice, aliceChat);
    await watch(sockets.bob, bobChat, aliceChat);
    await watch(sockets.agent, aliceChat, bobChat);
    // The other agent has Alice's chat open only until the switch below.
    await watch(sockets.otherAgent, aliceChat);
    // The agent's socket brings them Online (an event) once presence wrote it: count after.
    await live.app.presence.idle();
    const [before] = await rows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from realtime_events`,
    );

    // The customer types: staff hear it, she does not hear herself.
    type(sockets.alice, aliceChat);
    await sockets.agent.waitFor(() => typingIn(sockets.agent, aliceChat).length === 1, 'typing');
    expect(typingIn(sockets.agent, aliceChat)).toEqual([
      { type: 'typing', chatSessionId: aliceChat, from: 'customer', userId: alice.id },
    ]);
    await sockets.otherAgent.waitFor(
      () => typingIn(sockets.otherAgent, aliceChat).length === 1,
      'typing to the other agent, who has the chat open',
    );
    // The other agent moves to Bob's chat: Alice's typing no longer reaches them.
    await watch(sockets.otherAgent, bobChat);
    // Again at once: dropped (at most one per TYPING_THROTTLE_MS per sender and chat).
    type(sockets.alice, aliceChat);
    await handled(sockets.alice);
    // Bob types into Alice's chat (not his) and into a chat that does not exist: dropped, and
    // his socket stays open.
    type(sockets.bob, aliceChat);
    type(sockets.bob, 999_999);
    await handled(sockets.bob);
    // The sentinel: Bob typing in his own chat reaches the agent after all of the above.
    type(sockets.bob, bobChat);
    await sockets.agent.waitFor(() => typingIn(sockets.agent, bobChat).length === 1, 'Bob typing');
    expect(typingIn(sockets.agent, aliceChat)).toHaveLength(1);
    await sockets.otherAgent.waitFor(
      () => typingIn(sockets.otherAgent, bobChat).length === 1,
      'Bob typing to the other agent',
    );

    // The agent types in Alice's chat: Alice hears it, Bob never does, the agent not himself.
    type(sockets.agent, aliceChat);
    await sockets.alice.waitFor(() => typingIn(sockets.alice, aliceChat).length === 1, 'agent');
    expect(typingIn(sockets.alice, aliceChat)[0]).toMatchObject({
      from: 'agent',
      userId: agent.id,
    });
    type(sockets.agent, bobChat);
    await sockets.bob.waitFor(() => typingIn(sockets.bob, bobChat).length === 1, 'agent to Bob');
    expect(typingIn(sockets.bob, aliceChat)).toEqual([]);
    // The other agent, now on Bob's chat, heard the agent there but not in Alice's chat.
    await sockets.otherAgent.waitFor(
      () => typingIn(sockets.otherAgent, bobChat).length === 2,
      'the agent typing to Bob, heard by the other agent',
    );
    expect(typingIn(sockets.otherAgent, aliceChat)).toHaveLength(1);
    expect(sockets.agent.frames.some((f) => f.type === 'typing' && f.userId === agent.id)).toBe(
      false,
    );
    expect(sockets.bob.closed).toBeNull();

    const [after] = await rows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from realtime_events`,
    );
    expect(after!.count).toBe(before!.count);
    for (const s of Object.values(sockets)) s.close();
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('typing across two instances on one PostgreSQL', () => {
  let two: TwoInstances;

  beforeAll(async () => {
    two = await startTwoInstances(serverUrl!);
  });
  afterAll(() => two.close());

  it('a customer typing on instance A shows to an agent on instance B, and back', async () => {
    const { a, b } = two;
    const { customer, customerCookie, agentCookie } = await two.customerAndAgent();
    const chat = await newChat(a, customerCookie);
    const onA = await TestSocket.connect(a.baseUrl, customerCookie);
    const onB = await TestSocket.connect(b.baseUrl, agentCookie);
    await onA.resume();
    await onB.resume();
    await watch(onA, chat);
    await watch(onB, chat);
    type(onA, chat);
    await onB.waitFor(() => typingIn(onB, chat).length === 1, 'typing on B');
    expect(typingIn(onB, chat)[0]).toMatchObject({ from: 'customer', userId: customer.id });
    type(onB, chat);
    await onA.waitFor(() => typingIn(onA, chat).length === 1, 'typing on A');
    onA.close();
    onB.close();
  });
});

describe('the relay on a fake clock', () => {
  let database: TestDatabase;
  let notifications: Notifications;
  let hub: RealtimeHub;
  let relay: TypingRelay;
  let now = 0;
  const bus = new EventBus();
  /** What the relay told the bus (the WhatsApp channel listens). */
  const staffTyped: { chatSessionId: number; customerId: string }[] = [];

  beforeAll(async () => {
    database = await openPgliteTestDatabase();
    const logger = Fastify().log;
    notifications = database.notifications(logger);
    hub = new RealtimeHub(database, new EventLog(database, new EventBus()), logger, notifications);
    // Before the notifications start, as in app.ts: the relay listens on its channel.
    bus.on('staffTyping', (signal) => staffTyped.push(signal));
    relay = new TypingRelay(database, hub, notifications, logger, () => now, bus);
    await hub.start();
    await notifications.start();
  });
  afterAll(async () => {
    await hub.stop();
    await notifications.stop();
    await database.dispose();
  });

  it('passes a signal sent on the client throttle that arrives a little early, drops a flood', async () => {
    const customer = await makeCustomer(database.db);
    const agent = await makeAgent(database.db);
    const [chat] = await database.db
      .insert(chatSessions)
      .values({ customerId: customer.id, category: 'bitcoin', status: 'open' })
      .returning();
    const heard: string[] = [];
    const socketOf = (user: SessionUser): Subscriber => ({
      user,
      tokenHash: randomUUID(),
      session: { expiresAt: Infinity, lastSeenAt: 0 },
      lastSentId: 0,
      pending: null,
      watching: new Set([chat!.id]),
      send: () => undefined,
      sendShared: (frame) => heard.push((JSON.parse(frame.text.toString()) as Typing).from),
      bufferedAmount: () => 0,
      cork: () => undefined,
      uncork: () => undefined,
      close: () => undefined,
    });
    const agentSocket = socketOf(agent);
    hub.add(agentSocket);
    const customerSocket = socketOf(customer);
    hub.add(customerSocket);

    // The agent's browser sends every TYPING_THROTTLE_MS; jitter brings one 100 ms early.
    for (const at of [0, TYPING_THROTTLE_MS - 100, 2 * TYPING_THROTTLE_MS - 100]) {
      now = at;
      await relay.typing(agentSocket, chat!.id);
    }
    await expect.poll(() => heard.length).toBe(3);
    // A flood (a client not keeping to the throttle) is cut to one per TYPING_MIN_GAP_MS.
    for (let at = 10_000; at < 10_000 + TYPING_MIN_GAP_MS; at += 100) {
      now = at;
      await relay.typing(agentSocket, chat!.id);
    }
    now = 10_000 + TYPING_MIN_GAP_MS;
    await relay.typing(agentSocket, chat!.id);
    await expect.poll(() => heard.length).toBe(5);
    expect(heard).toEqual(['agent', 'agent', 'agent', 'agent', 'agent']);
    // Each staff signal that passed is told on the bus once; a customer's never is.
    expect(staffTyped).toEqual(Array(5).fill({ chatSessionId: chat!.id, customerId: customer.id }));
    now += TYPING_THROTTLE_MS;
    await relay.typing(customerSocket, chat!.id);
    await expect.poll(() => heard.length).toBe(6);
    expect(staffTyped).toHaveLength(5);
  });
});

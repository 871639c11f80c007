import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SOCKET_CLOSE_CODES } from '../../../shared/api/realtime';
import type { Database } from '../../db/client';
import { authSessions } from '../../db/schema';
import { hashToken, SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_IDLE_TIMEOUT_MS } from '../sessions';
import { testDatabaseKinds } from '../../../../tests/support/databases';
import { startLiveApp, type LiveApp } from '../../../../tests/support/live-app';
import { makeAgent, makeCustomer, sessionCookie } from '../../../../tests/support/users';
import { startTwoInstances } from '../../../../tests/support/two-instances';
import { TestSocket } from '../../../../tests/support/ws-client';

/** The bound: within a second of a change, on every instance. */
const WITHIN_MS = 1_000;
/** A limit passing is seen by the once-a-second sweep, then one read. */
const SWEEP_WITHIN_MS = 2_500;

interface Topology {
  name: string;
  /** `through` takes the changes; `socketsOn` holds the sockets. The same app on one instance. */
  start(): Promise<{
    through: LiveApp;
    socketsOn: LiveApp;
    database: Database;
    close(): Promise<void>;
  }>;
}

const serverUrl = process.env.TEST_DATABASE_URL;
const topologies: Topology[] = testDatabaseKinds().map((kind) => ({
  name: `one instance on ${kind.name}`,
  start: async () => {
    const database = await kind.open();
    const live = await startLiveApp(database);
    return {
      through: live,
      socketsOn: live,
      database,
      close: async () => {
        await live.close();
        await database.dispose();
      },
    };
  },
}));
if (serverUrl) {
  topologies.push({
    name: 'two instances on postgres (changes through A, sockets on B)',
    start: async () => {
      const { a, b, databases, close } = await startTwoInstances(serverUrl);
      return { through: a, socketsOn: b, database: databases[0], close };
    },
  });
}

function tokenOf(cookie: string): string {
  return cookie.slice(cookie.indexOf('=') + 1);
}

describe.each(topologies)('a socket is only as good as its session: $name', (topology) => {
  let through: LiveApp;
  let socketsOn: LiveApp;
  let database: Database;
  let close: () => Promise<void>;
  let adminCookie: string;
  const open: TestSocket[] = [];

  beforeAll(async () => {
    ({ through, socketsOn, database, close } = await topology.start());
    adminCookie = await sessionCookie(database.db, await makeAgent(database.db, { admin: true }));
  });
  afterEach(() => {
    vi.useRealTimers();
    for (const s of open.splice(0)) s.close();
  });
  afterAll(() => close());

  async function socket(cookie: string): Promise<TestSocket> {
    const s = await TestSocket.connect(socketsOn.baseUrl, cookie);
    open.push(s);
    await s.resume();
    return s;
  }

  async function call(
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    cookie: string,
    payload?: object,
  ) {
    const res = await through.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
  }

  /** A customer's new chat with one message; the chat's id. */
  async function customerChat(cookie: string): Promise<number> {
    const created = await call('POST', '/api/chat-sessions', cookie, { category: 'bitcoin' });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const sent = await call('POST', `/api/chat-sessions/${id}/messages`, cookie, {
      clientMessageId: randomUUID(),
      content: 'I want to sell 0.05 BTC',
    });
    expect(sent.status).toBe(201);
    return id;
  }

  /** What the instance holding the sockets knows of a user's socket. */
  function socketOf(userId: string) {
    return [...socketsOn.app.realtime.sockets()].find((s) => s.user.id === userId);
  }

  async function closedWith(s: TestSocket, within: number): Promise<number | undefined> {
    await s.waitFor(() => s.closed !== null, 'the socket to close', within);
    return s.closed?.code;
  }

  it('Remove Agent: the socket sees only what a customer sees from then on; Make Agent: all again', async () => {
    const agent = await makeAgent(database.db);
    const agentCookie = await sessionCookie(database.db, agent);
    const customerCookie = await sessionCookie(database.db, await makeCustomer(database.db));
    const agentSocket = await socket(agentCookie);

    const removed = await call('PATCH', `/api/admin/users/${agent.id}/agent-status`, adminCookie, {
      isAgent: false,
    });
    expect(removed.status).toBe(200);
    await expect
      .poll(() => socketOf(agent.id)?.user.isAgent, { timeout: WITHIN_MS, interval: 10 })
      .toBe(false);

    const othersChat = await customerChat(customerCookie);
    // Their own chat, made after the other customer's: events arrive in id order, so once it is
    // here, anything of the other chat that was going to arrive has.
    const own = await call('POST', '/api/chat-sessions', agentCookie, { category: 'usdt' });
    expect(own.status).toBe(201);
    await agentSocket.waitForEvent(
      (e) => e.type === 'session.created' && e.chatSessionId === own.body.id,
      'their own chat',
    );
    expect(agentSocket.closed).toBeNull();
    expect(
      agentSocket.events.filter((e) => 'chatSessionId' in e && e.chatSessionId === othersChat),
    ).toEqual([]);

    // Make Agent again: the same socket sees every chat again.
    const restored = await call('PATCH', `/api/admin/users/${agent.id}/agent-status`, adminCookie, {
      isAgent: true,
    });
    expect(restored.status).toBe(200);
    await expect
      .poll(() => socketOf(agent.id)?.user.isAgent, { timeout: WITHIN_MS, interval: 10 })
      .toBe(true);
    const again = await call('POST', `/api/chat-sessions/${othersChat}/messages`, customerCookie, {
      clientMessageId: randomUUID(),
      content: 'Anyone there?',
    });
    expect(again.status).toBe(201);
    await agentSocket.waitForEvent(
      (e) => e.type === 'message.created' && e.message.id === again.body.id,
      'the other customer’s message once an agent again',
    );
  });

  it('deactivation closes the agent’s sockets with 4401 within a second; other agents keep theirs', async () => {
    const agent = await makeAgent(database.db);
    const other = await makeAgent(database.db);
    const customerCookie = await sessionCookie(database.db, await makeCustomer(database.db));
    const agentSocket = await socket(await sessionCookie(database.db, agent));
    const secondDevice = await socket(await sessionCookie(database.db, agent));
    const otherSocket = await socket(await sessionCookie(database.db, other));

    const deactivated = await call('POST', `/api/agents/${agent.id}/deactivate`, adminCookie);
    expect(deactivated.status).toBe(200);
    expect(await closedWith(agentSocket, WITHIN_MS)).toBe(SOCKET_CLOSE_CODES.sessionEnded);
    expect(await closedWith(secondDevice, WITHIN_MS)).toBe(SOCKET_CLOSE_CODES.sessionEnded);

    const chat = await customerChat(customerCookie);
    await otherSocket.waitForEvent(
      (e) => e.type === 'message.created' && e.chatSessionId === chat,
      'a message after the deactivation',
    );
    expect(otherSocket.closed).toBeNull();
  });

  it('sign-out closes that session’s socket within a second; the same agent’s other session stays', async () => {
    const agent = await makeAgent(database.db);
    const leaving = await sessionCookie(database.db, agent);
    const staying = await sessionCookie(database.db, agent);
    const customerCookie = await sessionCookie(database.db, await makeCustomer(database.db));
    const leavingSocket = await socket(leaving);
    const stayingSocket = await socket(staying);

    expect((await call('POST', '/api/agent/logout', leaving)).status).toBe(200);
    expect(await closedWith(leavingSocket, WITHIN_MS)).toBe(SOCKET_CLOSE_CODES.sessionEnded);

    const chat = await customerChat(customerCookie);
    await stayingSocket.waitForEvent(
      (e) => e.type === 'message.created' && e.chatSessionId === chat,
      'a message after the sign-out',
    );
    expect(stayingSocket.closed).toBeNull();
  });

  it('a session row deleted in the database closes its socket within a second', async () => {
    const customerCookie = await sessionCookie(database.db, await makeCustomer(database.db));
    const customerSocket = await socket(customerCookie);

    await database.db
      .delete(authSessions)
      .where(eq(authSessions.tokenHash, hashToken(tokenOf(customerCookie))));
    expect(await closedWith(customerSocket, WITHIN_MS)).toBe(SOCKET_CLOSE_CODES.sessionEnded);
  });

  it('the idle limit closes an unused session’s socket; a session used elsewhere keeps its own', async () => {
    const idleCookie = await sessionCookie(database.db, await makeAgent(database.db));
    const customerCookie = await sessionCookie(database.db, await makeCustomer(database.db));
    const idleSocket = await socket(idleCookie);
    const usedSocket = await socket(customerCookie);

    const later = new Date(Date.now() + SESSION_IDLE_TIMEOUT_MS + 60_000);
    // Used through an instance at that time (a touch is no change: nothing is notified).
    await database.db
      .update(authSessions)
      .set({ lastSeenAt: later })
      .where(eq(authSessions.tokenHash, hashToken(tokenOf(customerCookie))));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(later);

    expect(await closedWith(idleSocket, SWEEP_WITHIN_MS)).toBe(SOCKET_CLOSE_CODES.sessionEnded);
    const chat = await customerChat(customerCookie);
    await usedSocket.waitForEvent(
      (e) => e.type === 'message.created' && e.chatSessionId === chat,
      'its own message after the sweep',
    );
    expect(usedSocket.closed).toBeNull();
  });

  it('the absolute limit closes the socket of a session however recently used', async () => {
    const cookie = await sessionCookie(database.db, await makeCustomer(database.db));
    const customerSocket = await socket(cookie);

    const later = new Date(Date.now() + SESSION_ABSOLUTE_TIMEOUT_MS + 60_000);
    await database.db
      .update(authSessions)
      .set({ lastSeenAt: later })
      .where(eq(authSessions.tokenHash, hashToken(tokenOf(cookie))));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(later);

    expect(await closedWith(customerSocket, SWEEP_WITHIN_MS)).toBe(SOCKET_CLOSE_CODES.sessionEnded);
  });
});

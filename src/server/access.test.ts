import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_CLOSE_CODES, type RealtimeEvent } from '../shared/api/realtime';
import { testDatabaseKinds, type TestDatabase } from '../../tests/support/databases';
import { startLiveApp, type LiveApp } from '../../tests/support/live-app';
import { makeAgent, makeCustomer, sessionCookie } from '../../tests/support/users';
import { TestSocket } from '../../tests/support/ws-client';
import { users } from './db/schema';
import type { Role } from './platform/roles';
import type { SessionUser } from './platform/sessions';

/**
 * Who may call each API route: the product's decision (PRODUCT.md "Roles"), written down once.
 * A new route must be added here, and a route whose declared role drifts fails.
 */
const EXPECTED_ROLES: Record<string, Role> = {
  'GET /api/config': 'public',
  'GET /api/health': 'public',
  'GET /api/health/live': 'public',
  'GET /api/health/ready': 'public',
  'GET /api/prices': 'public',
  'GET /api/login': 'public',
  'GET /api/callback': 'public',
  'GET /api/logout': 'public',
  'GET /api/auth/user': 'customer',
  'POST /api/agent/login': 'public',
  'POST /api/agent/logout': 'public',
  'GET /api/agent/user': 'agent',
  // Staff sign-in steps (a session that owes one reaches only these) and account security.
  'GET /api/agent/sign-in': 'agent',
  'POST /api/agent/2fa/code': 'agent',
  'POST /api/agent/2fa/enrol': 'agent',
  'POST /api/agent/2fa/enrol/confirm': 'agent',
  'POST /api/agent/password': 'agent',
  'POST /api/agent/password/reset': 'public',
  'GET /api/agent/security': 'agent',
  'POST /api/agent/security/new-devices/dismiss': 'agent',
  'DELETE /api/agent/sessions/:id': 'agent',
  'GET /api/admin/setup-status': 'public',
  'POST /api/admin/initialize': 'customer',
  'GET /api/agents/all': 'admin',
  'POST /api/agents/create': 'admin',
  'POST /api/agents/:id/deactivate': 'admin',
  'POST /api/agents/:id/activate': 'admin',
  'PATCH /api/admin/users/:id/agent-status': 'admin',
  'POST /api/agents/:id/admin': 'admin',
  'POST /api/agents/:id/2fa/reset': 'admin',
  'POST /api/agents/:id/reset-link': 'admin',
  'DELETE /api/agents/:id/sessions': 'admin',
  'GET /api/ws': 'customer',
  'GET /api/chat-sessions': 'customer',
  'GET /api/chat-sessions/all': 'agent',
  'GET /api/chat-sessions/active': 'agent',
  'GET /api/chat-sessions/active/count': 'agent',
  'POST /api/chat-sessions': 'customer',
  'GET /api/chat-sessions/:id': 'customer',
  'POST /api/chat-sessions/:id/assign': 'agent',
  'POST /api/chat-sessions/:id/claim': 'agent',
  'POST /api/chat-sessions/:id/transfer': 'agent',
  'POST /api/chat-sessions/:id/resolve': 'agent',
  'POST /api/chat-sessions/:id/reopen': 'agent',
  'POST /api/chat-sessions/:id/take-over': 'admin',
  'GET /api/availability/me': 'agent',
  'PUT /api/availability/me': 'agent',
  'GET /api/availability/agents': 'agent',
  'PUT /api/availability/agents/:id': 'admin',
  'GET /api/availability/desks/:desk': 'public',
  'GET /api/chat-sessions/:id/messages': 'customer',
  'POST /api/chat-sessions/:id/messages': 'customer',
  'POST /api/chat-sessions/:id/attachments': 'customer',
  'GET /api/attachments/:messageId': 'customer',
  'GET /api/attachments/:messageId/thumbnail': 'customer',
  'GET /api/messages/all': 'agent',
  'GET /api/admin/users': 'agent',
  'PATCH /api/admin/users/:id/customer-status': 'agent',
  'GET /api/customer/data-export': 'customer',
  'POST /api/customer/erase': 'customer',
  'GET /api/exchange-rates': 'public',
  'POST /api/exchange-rates': 'agent',
  'GET /api/exchange-rates/manage': 'agent',
  'GET /api/exchange-rates/history': 'agent',
  'POST /api/transactions': 'agent',
  'PATCH /api/transactions/:id/status': 'agent',
  'GET /api/transactions/approvals': 'admin',
  'POST /api/transactions/:id/approve': 'admin',
  'POST /api/transactions/:id/reject': 'admin',
  'GET /api/transactions/customer': 'customer',
  'GET /api/chat-sessions/:id/transactions': 'customer',
  'GET /api/admin/analytics': 'admin',
  'GET /api/admin/chat-sessions': 'admin',
  'GET /api/admin/transactions': 'admin',
  'GET /api/admin/export/transactions.csv': 'admin',
  'GET /api/admin/export/audit-log.csv': 'admin',
  'GET /api/service-metrics/me': 'agent',
  'GET /api/service-metrics/chat-sessions/:id': 'agent',
  'GET /api/service-metrics/agents': 'admin',
  'GET /api/service-metrics/agents.csv': 'admin',
  'GET /api/banks': 'public',
  'GET /api/payout-accounts': 'customer',
  'POST /api/payout-accounts': 'customer',
  'DELETE /api/payout-accounts/:id': 'customer',
  'GET /api/admin/users/:id/payout-accounts': 'agent',
  'GET /api/push/key': 'public',
  'POST /api/push/subscriptions': 'customer',
  'DELETE /api/push/subscriptions': 'customer',
  'GET /api/admin/desk-addresses': 'admin',
  'GET /api/admin/desk-addresses/keys': 'admin',
  'GET /api/admin/desk-addresses/keys/:id/addresses.csv': 'admin',
  'POST /api/admin/desk-addresses': 'admin',
  'PATCH /api/admin/desk-addresses/:id': 'admin',
  'DELETE /api/admin/desk-addresses/:id': 'admin',
  'POST /api/orders': 'customer',
  'POST /api/orders/preview': 'customer',
  'GET /api/orders': 'customer',
  'GET /api/orders/:id': 'customer',
  'POST /api/orders/:id/accept': 'customer',
  'POST /api/orders/:id/deposit': 'customer',
  'POST /api/orders/:id/confirm-deposit': 'agent',
  'POST /api/orders/:id/payout': 'agent',
  'POST /api/orders/:id/received': 'customer',
  'POST /api/orders/:id/dispute': 'customer',
  'POST /api/orders/:id/resolve': 'admin',
  'POST /api/orders/:id/cancel': 'customer',
  'POST /api/orders/:id/requote': 'agent',
  'GET /api/orders/:id/requote-preview': 'agent',
  'POST /api/orders/:id/accept-requote': 'customer',
  'POST /api/orders/:id/decline-requote': 'customer',
  'POST /api/orders/:id/return-deposit': 'agent',
  'POST /api/orders/:id/returned': 'agent',
  'POST /api/orders/:id/release-payout': 'agent',
  // A large payout's approval (decision 028): admins, never the chat's agent nor its confirmer.
  'POST /api/orders/:id/approve-payout': 'admin',
  'POST /api/orders/:id/reject-payout': 'admin',
  // A chat's read receipts: its customer and staff (each moves their own side).
  'GET /api/chat-sessions/:id/receipts': 'customer',
  'POST /api/chat-sessions/:id/receipts': 'customer',
  // Private notes: staff alone write and see them.
  'POST /api/chat-sessions/:id/notes': 'agent',
  // Canned replies: every agent reads the team's and keeps their own; only admins change the
  // team's (checked per reply: a 403 to agents, a 404 for another agent's own).
  'GET /api/canned-replies': 'agent',
  'POST /api/canned-replies': 'agent',
  'PATCH /api/canned-replies/:id': 'agent',
  'DELETE /api/canned-replies/:id': 'agent',
  // DEMO_MODE only (on in tests): public, but they reach only the demo customer's sessions.
  'POST /api/test/chat-sessions': 'public',
  'GET /api/test/chat-sessions': 'public',
  'GET /api/test/messages/:id': 'public',
  'POST /api/test/messages': 'public',
  'PATCH /api/admin/users/:id/status': 'agent',
  'POST /api/admin/users/:id/erase': 'admin',
};

type Actor = 'visitor' | 'customerA' | 'customerB' | 'agent' | 'deactivatedAgent' | 'admin';

const ROLE_MESSAGES = ["You don't have admin privileges.", 'Agent privileges required.'];

/** What each actor may reach, by the role a route declares. */
function expected(role: Role, actor: Actor): 'allowed' | 401 | 403 {
  if (role === 'public') return 'allowed';
  if (actor === 'visitor' || actor === 'deactivatedAgent') return 401;
  if (role === 'customer') return 'allowed';
  if (actor === 'customerA' || actor === 'customerB') return 403;
  if (role === 'agent') return 'allowed';
  return actor === 'admin' ? 'allowed' : 403;
}

/** Fills a route's path parameters with well-formed ids that exist nowhere. */
function concrete(url: string): string {
  return url
    .replace(/:(sessionId|chatSessionId)\b/g, '2147480000')
    .replace(/:messageId\b/g, '9007199254740000')
    .replace(
      /:id\b/g,
      /chat-sessions|test\/messages|transactions|payout-accounts|desk-addresses|orders/.test(url)
        ? '2147480000'
        : randomUUID(),
    )
    .replace(/\*$/, 'anything');
}

describe.each(testDatabaseKinds())('role matrix on $name', (kind) => {
  let database: TestDatabase;
  let live: LiveApp;
  let app: LiveApp['app'];
  const actors = {} as Record<Exclude<Actor, 'visitor'>, SessionUser>;
  /** Made while the agent was active; the account is then deactivated: it must not work. */
  let deactivatedCookie: string;
  /**
   * The deactivated agent's socket, opened while they were still active, on a session of its own
   * (the route walk signs `deactivatedCookie` out, which would close it for another reason).
   */
  let deactivatedSocket: TestSocket;

  beforeAll(async () => {
    database = await kind.open();
    // Listening, so the sign-in route can reach the development provider as it would for real.
    live = await startLiveApp(database);
    app = live.app;
    actors.customerA = await makeCustomer(database.db);
    actors.customerB = await makeCustomer(database.db);
    actors.agent = await makeAgent(database.db);
    actors.deactivatedAgent = await makeAgent(database.db);
    actors.admin = await makeAgent(database.db, { admin: true });
    deactivatedCookie = await sessionCookie(database.db, actors.deactivatedAgent);
    deactivatedSocket = await TestSocket.connect(
      live.baseUrl,
      await sessionCookie(database.db, actors.deactivatedAgent),
    );
    await deactivatedSocket.resume();
    // Past the app, as an admin script would: the database's notification must be enough.
    await database.db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.id, actors.deactivatedAgent.id));
  });
  afterAll(async () => {
    await live.close();
    await database.dispose();
  });

  it('every /api route declares the role the product decided for it', () => {
    const declared = Object.fromEntries(
      app.declaredRoutes
        .filter((r) => r.url.startsWith('/api'))
        .map((r) => [`${r.method} ${r.url}`, r.role]),
    );
    expect(declared).toEqual(EXPECTED_ROLES);
  });

  it('the development provider, the web app and /metrics are the only routes outside /api, all public', () => {
    const outside = app.declaredRoutes.filter((r) => !r.url.startsWith('/api'));
    // Prometheus has no session: /metrics checks its own token or the caller's address
    // (platform/metrics/metrics.test.ts walks those rules).
    expect(outside).toContainEqual({ method: 'GET', url: '/metrics', role: 'public' });
    for (const route of outside) {
      expect(route.url.startsWith('/oidc') || route.role === 'public').toBe(true);
      expect(route.role).toBe('public');
    }
  });

  // Every route times every actor (about 800 requests): past the 30 s default on a busy machine.
  it(
    'answers every route as each role allows, and never with a 5xx',
    { timeout: 180_000 },
    async () => {
      const routes = app.declaredRoutes.filter((r) => r.url.startsWith('/api'));
      const failures: string[] = [];
      for (const route of routes) {
        for (const actor of [
          'visitor',
          'customerA',
          'customerB',
          'agent',
          'deactivatedAgent',
          'admin',
        ] as Actor[]) {
          let cookie: string | undefined;
          if (actor === 'deactivatedAgent') cookie = deactivatedCookie;
          else if (actor !== 'visitor') cookie = await sessionCookie(database.db, actors[actor]);
          const res = await app.inject({
            method: route.method as 'GET',
            url: concrete(route.url),
            headers: cookie ? { cookie } : {},
            ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
          });
          const want = expected(route.role, actor);
          const error = String(res.headers['content-type'] ?? '').includes('json')
            ? (res.json() as { error?: string }).error
            : undefined;
          const where = `${route.method} ${route.url} as ${actor}: ${res.statusCode} ${error ?? ''}`;
          if (res.statusCode >= 500) failures.push(`${where} (5xx)`);
          else if (want === 'allowed') {
            if (res.statusCode === 401 || ROLE_MESSAGES.includes(error ?? ''))
              failures.push(`${where} (should be allowed)`);
          } else if (res.statusCode !== want) failures.push(`${where} (want ${want})`);
        }
      }
      expect(failures).toEqual([]);
    },
  );

  it('the socket: each actor receives exactly the events their role may see, live', async () => {
    const cookieOf = (actor: Exclude<Actor, 'visitor' | 'deactivatedAgent'>) =>
      sessionCookie(database.db, actors[actor]);
    // A visitor and a deactivated agent get no socket; one opened before deactivation is closed.
    await expect(TestSocket.connect(live.baseUrl, '')).rejects.toThrow(/401/);
    await expect(TestSocket.connect(live.baseUrl, deactivatedCookie)).rejects.toThrow(/401/);
    await deactivatedSocket.waitFor(() => deactivatedSocket.closed !== null, 'the close');
    expect(deactivatedSocket.closed?.code).toBe(SOCKET_CLOSE_CODES.sessionEnded);
    // Nothing but its own arrival Online, written while the account was still active.
    expect(
      deactivatedSocket.events.filter(
        (e) =>
          !(
            e.type === 'agent.availability' && e.availability.agentId === actors.deactivatedAgent.id
          ),
      ),
    ).toEqual([]);

    const cookies = {
      customerA: await cookieOf('customerA'),
      customerB: await cookieOf('customerB'),
      agent: await cookieOf('agent'),
      admin: await cookieOf('admin'),
    };
    const sockets = {} as Record<keyof typeof cookies, TestSocket>;
    for (const actor of Object.keys(cookies) as (keyof typeof cookies)[]) {
      sockets[actor] = await TestSocket.connect(live.baseUrl, cookies[actor]);
      await sockets[actor].resume();
    }
    const call = async (
      actor: keyof typeof cookies,
      method: 'POST' | 'PATCH',
      url: string,
      payload: object,
    ) => {
      const res = await app.inject({ method, url, headers: { cookie: cookies[actor] }, payload });
      expect(res.statusCode, `${method} ${url} as ${actor}`).toBeLessThan(300);
      return res.json<{ id: number }>();
    };
    const say = (actor: keyof typeof cookies, chat: number, content: string) =>
      call(actor, 'POST', `/api/chat-sessions/${chat}/messages`, {
        clientMessageId: randomUUID(),
        content,
      });

    // Every kind of event a customer's chat makes, for both customers.
    const chatA = (await call('customerA', 'POST', '/api/chat-sessions', { category: 'bitcoin' }))
      .id;
    const chatB = (await call('customerB', 'POST', '/api/chat-sessions', { category: 'usdt' })).id;
    await say('customerA', chatA, 'A sells BTC');
    await say('customerB', chatB, 'B sells USDT');
    await say('agent', chatA, 'Rate for A');
    await say('admin', chatB, 'Rate for B');
    await call('agent', 'PATCH', `/api/admin/users/${actors.customerA.id}/customer-status`, {
      status: 'paid',
    });
    await call('admin', 'PATCH', `/api/admin/users/${actors.customerB.id}/customer-status`, {
      status: 'hold',
    });
    // The last events: a socket that has its own has everything before it (ids are in order).
    const lastA = await say('customerA', chatA, 'A is done');
    const lastB = await say('customerB', chatB, 'B is done');
    const arrived = (s: TestSocket, message: { id: number }, actor: string) =>
      s.waitForEvent(
        (e) => e.type === 'message.created' && e.message.id === message.id,
        `the last message for ${actor}`,
      );
    await arrived(sockets.customerA, lastA, 'customer A');
    for (const actor of ['customerB', 'agent', 'admin'] as const) {
      await arrived(sockets[actor], lastB, actor);
    }

    const owner = (e: RealtimeEvent): string | undefined => {
      if (e.type === 'customer.updated') return e.customer.id;
      // Staff only: lifecycle changes (with transfer notes) and availability.
      if (e.type === 'agent.availability' || e.type === 'session.lifecycle') return undefined;
      // Everyone's, and no one's data; this walk saves no rates.
      if (e.type === 'rates.updated') return undefined;
      if (e.chatSessionId === chatA) return actors.customerA.id;
      if (e.chatSessionId === chatB) return actors.customerB.id;
      return undefined;
    };
    const all = sockets.admin.events;
    // Per customer: the chat's creation, two messages and a reply, the assignment and the
    // status change.
    for (const customer of [actors.customerA, actors.customerB]) {
      expect(all.filter((e) => owner(e) === customer.id).length).toBeGreaterThanOrEqual(6);
    }
    // Presence changes land as sockets connect, timed by nothing here: left out of the count.
    const ids = (events: RealtimeEvent[]) =>
      events.filter((e) => e.type !== 'agent.availability').map((e) => e.id);
    expect(ids(sockets.agent.events)).toEqual(ids(all));
    for (const actor of ['customerA', 'customerB'] as const) {
      expect(ids(sockets[actor].events), actor).toEqual(
        ids(all.filter((e) => owner(e) === actors[actor].id)),
      );
    }
    for (const s of Object.values(sockets)) s.close();
  });
});

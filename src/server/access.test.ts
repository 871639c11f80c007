import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds, type TestDatabase } from '../../tests/support/databases';
import { startLiveApp, type LiveApp } from '../../tests/support/live-app';
import { makeAgent, makeCustomer, sessionCookie } from '../../tests/support/users';
import type { Role } from './platform/roles';
import type { SessionUser } from './platform/sessions';

/**
 * Who may call each API route: the product's decision (PRODUCT.md "Roles"), written down once.
 * A new route must be added here, and a route whose declared role drifts fails.
 */
const EXPECTED_ROLES: Record<string, Role> = {
  'GET /api/config': 'public',
  'GET /api/health': 'public',
  'GET /api/prices': 'public',
  'GET /api/login': 'public',
  'GET /api/callback': 'public',
  'GET /api/logout': 'public',
  'GET /api/auth/user': 'customer',
  'POST /api/agent/login': 'public',
  'POST /api/agent/logout': 'public',
  'GET /api/agent/user': 'agent',
  'POST /api/admin/initialize': 'customer',
  'GET /api/agents/all': 'admin',
  'POST /api/agents/create': 'admin',
  'POST /api/agents/:id/deactivate': 'admin',
  'POST /api/agents/:id/activate': 'admin',
  'PATCH /api/admin/users/:id/agent-status': 'admin',
  'GET /api/ws': 'customer',
  'GET /api/chat-sessions': 'customer',
  'GET /api/chat-sessions/all': 'agent',
  'GET /api/chat-sessions/active': 'agent',
  'GET /api/chat-sessions/active/count': 'agent',
  'POST /api/chat-sessions': 'customer',
  'GET /api/chat-sessions/:id': 'customer',
  'GET /api/chat-sessions/:id/messages': 'customer',
  'POST /api/chat-sessions/:id/messages': 'customer',
  'POST /api/chat-sessions/:id/attachments': 'customer',
  'GET /api/attachments/:messageId': 'customer',
  'GET /api/messages/all': 'agent',
  'GET /api/admin/users': 'agent',
  'PATCH /api/admin/users/:id/customer-status': 'agent',
  'GET /api/exchange-rates': 'public',
  'POST /api/exchange-rates': 'agent',
  'GET /api/exchange-rates/history': 'agent',
  'POST /api/transactions': 'agent',
  'PATCH /api/transactions/:id/status': 'agent',
  'GET /api/transactions/customer': 'customer',
  'GET /api/chat-sessions/:id/transactions': 'customer',
  'GET /api/admin/analytics': 'admin',
  'GET /api/admin/chat-sessions': 'admin',
  'GET /api/admin/transactions': 'admin',
  'GET /api/admin/export/transactions.csv': 'admin',
  'GET /api/admin/export/audit-log.csv': 'admin',
  // DEMO_MODE only (on in tests): public, but they reach only the demo customer's sessions.
  'POST /api/test/chat-sessions': 'public',
  'GET /api/test/chat-sessions': 'public',
  'GET /api/test/messages/:id': 'public',
  'POST /api/test/messages': 'public',
  'PATCH /api/admin/users/:id/status': 'agent',
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
      /chat-sessions|test\/messages|transactions/.test(url) ? '2147480000' : randomUUID(),
    )
    .replace(/\*$/, 'anything');
}

describe.each(testDatabaseKinds())('role matrix on $name', (kind) => {
  let database: TestDatabase;
  let live: LiveApp;
  let app: LiveApp['app'];
  const actors = {} as Record<Exclude<Actor, 'visitor'>, SessionUser>;

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

  it('the development provider and the web app are the only routes outside /api, all public', () => {
    const outside = app.declaredRoutes.filter((r) => !r.url.startsWith('/api'));
    for (const route of outside) {
      expect(route.url.startsWith('/oidc') || route.role === 'public').toBe(true);
      expect(route.role).toBe('public');
    }
  });

  it('answers every route as each role allows, and never with a 5xx', async () => {
    // A session made while active, then the account deactivated: the session must not work.
    const deactivatedCookie = await sessionCookie(database.db, actors.deactivatedAgent);
    const { users } = await import('./db/schema');
    const { eq } = await import('drizzle-orm');
    await database.db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.id, actors.deactivatedAgent.id));

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
  });
});

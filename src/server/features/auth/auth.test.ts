import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema } from '../../../shared/api/auth';
import { TEST_ADMIN_SETUP_SECRET } from '../../../../tests/support/app';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import { startLiveApp, type LiveApp } from '../../../../tests/support/live-app';
import { AGENT_PASSWORD, makeAgent } from '../../../../tests/support/users';
import { auditLog, authSessions, users } from '../../db/schema';
import { SESSION_COOKIE } from '../../platform/sessions';

describe.each(testDatabaseKinds())('identity on $name', (kind) => {
  let database: TestDatabase;
  let live: LiveApp;
  beforeAll(async () => {
    database = await kind.open();
    live = await startLiveApp(database);
  });
  afterAll(async () => {
    await live.close();
    await database.dispose();
  });

  describe('customer sign-in through the development OpenID provider', () => {
    it('signs in, syncs the profile with the spec name split, and returns to returnTo', async () => {
      const client = live.client();
      const landed = await client.signInCustomer(
        { name: 'Chinedu Okafor Jr', email: 'chinedu@example.com' },
        '/chat/12',
      );
      expect(new URL(landed).pathname).toBe('/chat/12');
      const me = await client.json('/api/auth/user');
      expect(me.status).toBe(200);
      const user = userSchema.parse(me.body);
      expect(user).toMatchObject({
        email: 'chinedu@example.com',
        firstName: 'Chinedu',
        lastName: 'Okafor Jr',
        isAgent: false,
        isAdmin: false,
        customerStatus: 'active',
      });
    });

    it('sends prompt=select_account, PKCE (S256), state and nonce to the provider', async () => {
      const res = await live.client().request('/api/login');
      expect(res.status).toBe(302);
      const url = new URL(res.headers.get('location')!);
      expect(url.searchParams.get('prompt')).toBe('select_account');
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('code_challenge')).toBeTruthy();
      expect(url.searchParams.get('state')).toBeTruthy();
      expect(url.searchParams.get('nonce')).toBeTruthy();
      expect(url.searchParams.get('scope')).toBe('openid email profile');
    });

    it.each(['https://evil.example/x', '//evil.example', '/\\evil.example', 'javascript:alert(1)'])(
      'never redirects off-site after sign-in (returnTo=%s)',
      async (returnTo) => {
        const landed = await live
          .client()
          .signInCustomer({ name: 'Eve', email: 'eve@example.com' }, returnTo);
        expect(new URL(landed).origin).toBe(live.baseUrl);
        expect(new URL(landed).pathname).toBe('/');
      },
    );

    it.each([
      ['/€', '/%E2%82%AC'],
      ['/%E2%82%AC', '/%E2%82%AC'],
      ['/€?q=é#x', '/%E2%82%AC?q=%C3%A9#x'],
      ['/chat/1?a=b c', '/chat/1?a=b%20c'],
    ])(
      'returns to a path with non-ASCII characters, encoded (returnTo=%s)',
      async (returnTo, at) => {
        const client = live.client();
        const landed = await client.signInCustomer(
          { name: 'Euro Path', email: 'euro@example.com' },
          returnTo,
        );
        const url = new URL(landed);
        expect(url.origin).toBe(live.baseUrl);
        expect(url.pathname + url.search + url.hash).toBe(at);
        expect((await client.json('/api/auth/user')).status).toBe(200);
      },
    );

    it('cleans NUL and control characters out of the display name and signs in', async () => {
      const client = live.client();
      await client.signInCustomer({
        name: 'Ngozi\u0000 Eze\u0007\u001bKalu\u007f',
        email: 'ngozi@example.com',
      });
      const me = await client.json<{ firstName: string; lastName: string }>('/api/auth/user');
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ firstName: 'Ngozi', lastName: 'Eze Kalu' });
    });

    it('the same email signs in as the same user, with a new session id each time', async () => {
      const first = live.client();
      await first.signInCustomer({ name: 'Bola Ade', email: 'bola@example.com' });
      const token1 = first.cookies.get(SESSION_COOKIE);
      const id1 = (await first.json<{ id: string }>('/api/auth/user')).body.id;
      await first.signInCustomer({ name: 'Bola Adewale', email: 'bola@example.com' });
      const token2 = first.cookies.get(SESSION_COOKIE);
      const me = (await first.json<{ id: string; lastName: string }>('/api/auth/user')).body;
      expect(me.id).toBe(id1);
      expect(me.lastName).toBe('Adewale');
      expect(token2).not.toBe(token1);
      // The old session was ended by the new sign-in.
      const old = live.client();
      old.cookies.set(SESSION_COOKIE, token1!);
      expect((await old.json('/api/auth/user')).status).toBe(401);
    });

    it('stores only a hash of the session token', async () => {
      const client = live.client();
      await client.signInCustomer({ name: 'Hash Check', email: 'hash@example.com' });
      const token = client.cookies.get(SESSION_COOKIE)!;
      expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
      const rows = await database.db.select().from(authSessions);
      expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    });

    it('sets an httpOnly, SameSite=Lax session cookie', async () => {
      const client = live.client();
      const { response } = await client.follow('/api/login');
      const action = /action="([^"]+)"/.exec(await response.text())![1]!;
      let res = await client.request(action, {
        method: 'POST',
        body: new URLSearchParams({ name: 'Cookie Check', email: 'cookie@example.com' }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      let setCookie = '';
      while (res.status >= 300 && res.status < 400) {
        setCookie += res.headers.getSetCookie().join('\n');
        res = await client.request(res.headers.get('location')!);
      }
      const line = setCookie.split('\n').find((l) => l.startsWith(`${SESSION_COOKIE}=`))!;
      expect(line).toMatch(/HttpOnly/i);
      expect(line).toMatch(/SameSite=Lax/i);
    });

    it('refuses a callback without the login state cookie', async () => {
      const res = await live.client().json('/api/callback?code=abc&state=xyz');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.stringMatching(/sign in again/i) });
    });

    it('logout ends the session and goes home', async () => {
      const client = live.client();
      await client.signInCustomer({ name: 'Leaving Soon', email: 'leave@example.com' });
      const res = await client.request('/api/logout');
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/');
      expect((await client.json('/api/auth/user')).status).toBe(401);
    });

    it.each([
      [{ 'sec-fetch-site': 'cross-site' }],
      [{ 'sec-fetch-site': 'same-site' }],
      [{ origin: 'https://evil.example' }],
    ])('a sign-out link on another site (%o) does not sign the user out', async (headers) => {
      const client = live.client();
      await client.signInCustomer({ name: 'Still Here', email: 'stay@example.com' });
      const res = await client.json('/api/logout', { headers });
      expect(res).toEqual({ status: 403, body: { error: 'Cross-origin request refused' } });
      expect((await client.json('/api/auth/user')).status).toBe(200);
    });

    it.each(['same-origin', 'none'])(
      'signs out from our own pages and the address bar (Sec-Fetch-Site: %s)',
      async (site) => {
        const client = live.client();
        await client.signInCustomer({ name: 'Going Now', email: 'going@example.com' });
        const res = await client.request('/api/logout', {
          headers: { 'sec-fetch-site': site, 'sec-fetch-mode': 'navigate' },
        });
        expect(res.status).toBe(302);
        expect(res.headers.get('location')).toBe('/');
        expect((await client.json('/api/auth/user')).status).toBe(401);
      },
    );

    it('answers 401 to a visitor asking who they are', async () => {
      expect(await live.client().json('/api/auth/user')).toEqual({
        status: 401,
        body: { error: 'Unauthorized' },
      });
    });
  });

  describe('agent login', () => {
    it('logs in with email and password, case-insensitively, and reaches /api/agent/user', async () => {
      const agent = await makeAgent(database.db);
      const client = live.client();
      const res = await client.json('/api/agent/login', {
        method: 'POST',
        body: { username: agent.email!.toUpperCase(), password: AGENT_PASSWORD },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: agent.id, isAgent: true, isAdmin: false });
      expect(JSON.stringify(res.body)).not.toMatch(/argon2|password/i);
      expect((await client.json('/api/agent/user')).status).toBe(200);
      const out = await client.json('/api/agent/logout', { method: 'POST' });
      expect(out.status).toBe(200);
      expect((await client.json('/api/agent/user')).status).toBe(401);
    });

    it('says the same for an unknown user and a wrong password', async () => {
      const agent = await makeAgent(database.db);
      const wrong = await live.client().json('/api/agent/login', {
        method: 'POST',
        body: { username: agent.email, password: 'not the password' },
      });
      const unknown = await live.client().json('/api/agent/login', {
        method: 'POST',
        body: { username: 'nobody@example.com', password: 'whatever1' },
      });
      expect(wrong).toEqual({ status: 401, body: { error: 'Invalid username or password' } });
      expect(unknown).toEqual(wrong);
    });

    it('rejects blank fields with a 400', async () => {
      const res = await live
        .client()
        .json('/api/agent/login', { method: 'POST', body: { username: ' ', password: '' } });
      expect(res.status).toBe(400);
      expect((res.body as { error: string }).error).toContain('Please fill in all fields');
    });

    it('locks an account after 5 failures in 15 minutes, even with the right password', async () => {
      const agent = await makeAgent(database.db);
      for (let i = 0; i < 5; i++) {
        const res = await live.client().json('/api/agent/login', {
          method: 'POST',
          body: { username: agent.email, password: `wrong-${i}` },
        });
        expect(res.status).toBe(401);
      }
      const res = await live.client().json('/api/agent/login', {
        method: 'POST',
        body: { username: agent.email, password: AGENT_PASSWORD },
      });
      expect(res.status).toBe(429);
      expect((res.body as { error: string }).error).toMatch(/15 minutes/);
    });

    it('refuses a deactivated agent, and deactivation ends their open session at once', async () => {
      const admin = await makeAgent(database.db, { admin: true });
      const agent = await makeAgent(database.db);
      const adminClient = live.client();
      await adminClient.json('/api/agent/login', {
        method: 'POST',
        body: { username: admin.email, password: AGENT_PASSWORD },
      });
      const agentClient = live.client();
      await agentClient.json('/api/agent/login', {
        method: 'POST',
        body: { username: agent.email, password: AGENT_PASSWORD },
      });
      expect((await agentClient.json('/api/agent/user')).status).toBe(200);

      const off = await adminClient.json(`/api/agents/${agent.id}/deactivate`, { method: 'POST' });
      expect(off.status).toBe(200);
      expect(off.body).toMatchObject({ id: agent.id, isActive: false });
      expect((await agentClient.json('/api/agent/user')).status).toBe(401);
      const again = await live.client().json('/api/agent/login', {
        method: 'POST',
        body: { username: agent.email, password: AGENT_PASSWORD },
      });
      expect(again.status).toBe(403);
      expect((again.body as { error: string }).error).toMatch(/deactivated/);

      const on = await adminClient.json(`/api/agents/${agent.id}/activate`, { method: 'POST' });
      expect(on.body).toMatchObject({ isActive: true });
      const back = await live.client().json('/api/agent/login', {
        method: 'POST',
        body: { username: agent.email, password: AGENT_PASSWORD },
      });
      expect(back.status).toBe(200);
      const actions = (
        await database.db.select().from(auditLog).where(eq(auditLog.entityId, agent.id))
      ).map((a) => a.action);
      expect(actions).toEqual(
        expect.arrayContaining(['agent.create', 'agent.deactivate', 'agent.activate']),
      );
    });

    it('refuses a state-changing request from another origin', async () => {
      const agent = await makeAgent(database.db);
      const res = await live.client().json('/api/agent/login', {
        method: 'POST',
        body: { username: agent.email, password: AGENT_PASSWORD },
        headers: { origin: 'https://evil.example' },
      });
      expect(res).toEqual({ status: 403, body: { error: 'Cross-origin request refused' } });
    });
  });

  describe('admin setup and agent management', () => {
    it('promotes the signed-in Google user once, then answers 409', async () => {
      // The agent tests above made an admin by fixture; the setup is about the first one.
      await database.db.update(users).set({ isAdmin: false }).where(eq(users.isAdmin, true));
      // Anyone may ask whether the setup can still run (the screen says so before the form).
      const visitor = live.client();
      expect(await visitor.json('/api/admin/setup-status')).toEqual({
        status: 200,
        body: { available: true },
      });
      const client = live.client();
      await client.signInCustomer({ name: 'Owner Person', email: 'owner@example.com' });
      const wrongEmail = await client.json('/api/admin/initialize', {
        method: 'POST',
        body: { email: 'someone@example.com', secret: TEST_ADMIN_SETUP_SECRET },
      });
      expect(wrongEmail.status).toBe(400);
      const wrongSecret = await client.json('/api/admin/initialize', {
        method: 'POST',
        body: { email: 'owner@example.com', secret: 'nope' },
      });
      expect(wrongSecret).toEqual({ status: 403, body: { error: 'Invalid setup secret' } });

      const ok = await client.json('/api/admin/initialize', {
        method: 'POST',
        body: { email: 'OWNER@example.com', secret: TEST_ADMIN_SETUP_SECRET },
      });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ email: 'owner@example.com', isAdmin: true, isAgent: true });
      const me = await client.json('/api/auth/user');
      expect(me.body).toMatchObject({ isAdmin: true, isAgent: true });

      const other = live.client();
      await other.signInCustomer({ name: 'Second Try', email: 'second@example.com' });
      const twice = await other.json('/api/admin/initialize', {
        method: 'POST',
        body: { email: 'second@example.com', secret: TEST_ADMIN_SETUP_SECRET },
      });
      expect(twice.status).toBe(409);
      expect(await visitor.json('/api/admin/setup-status')).toEqual({
        status: 200,
        body: { available: false },
      });

      // The admin creates an agent, who can then log in.
      const created = await client.json<{ id: string; agentType: string }>('/api/agents/create', {
        method: 'POST',
        body: {
          email: 'new.agent@example.com',
          password: 'longenough',
          firstName: 'New',
          lastName: 'Agent',
        },
      });
      expect(created.status).toBe(201);
      expect(created.body.agentType).toBe('general');
      const dup = await client.json('/api/agents/create', {
        method: 'POST',
        body: {
          email: 'New.Agent@example.com',
          password: 'longenough',
          firstName: 'New',
          lastName: 'Agent',
        },
      });
      expect(dup.status).toBe(409);
      const short = await client.json('/api/agents/create', {
        method: 'POST',
        body: { email: 'short@example.com', password: 'short', firstName: 'S', lastName: 'P' },
      });
      expect(short.status).toBe(400);
      expect((short.body as { error: string }).error).toMatch(/at least 8/);
      const list = await client.json<{ email: string }[]>('/api/agents/all');
      expect(list.body.map((a) => a.email)).toContain('new.agent@example.com');
      const login = await live.client().json('/api/agent/login', {
        method: 'POST',
        body: { username: 'new.agent@example.com', password: 'longenough' },
      });
      expect(login.status).toBe(200);

      // Make Agent / Remove Agent on a customer, audited.
      const customerId = (await other.json<{ id: string }>('/api/auth/user')).body.id;
      const made = await client.json(`/api/admin/users/${customerId}/agent-status`, {
        method: 'PATCH',
        body: { isAgent: true },
      });
      expect(made.body).toMatchObject({ isAgent: true });
      expect((await other.json('/api/auth/user')).body).toMatchObject({ isAgent: true });
      await client.json(`/api/admin/users/${customerId}/agent-status`, {
        method: 'PATCH',
        body: { isAgent: false },
      });
      const audit = await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, customerId));
      expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
        ['user.make-agent', { isAgent: false }, { isAgent: true }],
        ['user.remove-agent', { isAgent: true }, { isAgent: false }],
      ]);
    });
  });
});

describe('admin setup without a secret', () => {
  it('is refused when ADMIN_SETUP_SECRET is unset', async () => {
    const [kind] = testDatabaseKinds();
    const database = await kind!.open();
    // Only development generates a secret when none is set; tests and production do not.
    const live = await startLiveApp(database, { ADMIN_SETUP_SECRET: '' });
    const client = live.client();
    await client.signInCustomer({ name: 'No Secret', email: 'nosecret@example.com' });
    const res = await client.json('/api/admin/initialize', {
      method: 'POST',
      body: { email: 'nosecret@example.com', secret: 'anything-at-all' },
    });
    expect(res.status).toBe(403);
    expect((res.body as { error: string }).error).toMatch(/ADMIN_SETUP_SECRET/);
    expect((await client.json('/api/admin/setup-status')).body).toEqual({ available: false });
    await live.close();
    await database.dispose();
  });
});

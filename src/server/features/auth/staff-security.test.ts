import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_CLOSE_CODES } from '../../../shared/api/realtime';
import { testDatabaseKinds, type TestDatabase } from '../../../../tests/support/databases';
import type { HttpClient } from '../../../../tests/support/http-client';
import { startLiveApp, type LiveApp } from '../../../../tests/support/live-app';
import { AGENT_PASSWORD, makeAgent, sessionCookie } from '../../../../tests/support/users';
import { TestSocket } from '../../../../tests/support/ws-client';
import { auditLog, passwordResetLinks, staffRecoveryCodes, users } from '../../db/schema';
import { FINISH_SIGNING_IN } from '../../platform/auth';
import type { SessionUser } from '../../platform/sessions';
import { RESET_LINK_TTL_MS, useResetLink } from './passwords';
import { checkSecondFactor, confirmEnrolment, startEnrolment } from './second-factor';

/** A fixed clock for TOTP, 15 s into its 30 s step (before any real sign-in of the tests). */
const NOW = new Date('2026-01-05T10:00:15Z');
const epoch = (date: Date) => Math.floor(date.getTime() / 1000);
const codeAt = (secret: string, date: Date) => generate({ secret, epoch: epoch(date) });
const STEP_MS = 30_000;

type Json = { error?: string; next?: string | null } & Record<string, unknown>;

async function readUser(database: TestDatabase, id: string): Promise<SessionUser> {
  const [row] = await database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function actions(database: TestDatabase, userId: string): Promise<string[]> {
  const rows = await database.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.entityId, userId));
  return rows.map((r) => r.action);
}

describe.each(testDatabaseKinds())('staff security on $name', (kind) => {
  let database: TestDatabase;
  let live: LiveApp;

  beforeAll(async () => {
    database = await kind.open();
    live = await startLiveApp(database, { STAFF_2FA: 'required' });
  });
  afterAll(async () => {
    await live.close();
    await database.dispose();
  });

  const login = async (client: HttpClient, email: string, password = AGENT_PASSWORD) =>
    client.json<Json>('/api/agent/login', {
      method: 'POST',
      body: { username: email, password },
    });

  /** An agent with TOTP on (enrolled at NOW through the use cases); their secret. */
  async function enrolledAgent(options: { admin?: boolean } = {}) {
    const agent = await makeAgent(database.db, options);
    const { secret } = await startEnrolment({
      db: database.db,
      bus: live.app.bus,
      user: agent,
      issuer: 'Test',
    });
    const { recoveryCodes } = await confirmEnrolment({
      db: database.db,
      user: await readUser(database, agent.id),
      code: await codeAt(secret, NOW),
      now: NOW,
    });
    return { agent: await readUser(database, agent.id), secret, recoveryCodes };
  }

  describe('TOTP with a fixed clock', () => {
    it('takes the current and the previous step, never one twice, never a wrong one', async () => {
      const { agent, secret } = await enrolledAgent();
      const check = async (code: string, now: Date) =>
        checkSecondFactor({
          db: database.db,
          user: await readUser(database, agent.id),
          code,
          now,
          accept: 'totp',
        });
      const later = new Date(NOW.getTime() + 10 * STEP_MS);
      // The previous window's code, given now: accepted.
      const previous = await codeAt(secret, new Date(later.getTime() - STEP_MS));
      await expect(check(previous, later)).resolves.toBe('totp');
      // The current code: accepted once...
      const current = await codeAt(secret, later);
      await expect(check(current, later)).resolves.toBe('totp');
      // ...and replayed within its window: refused.
      await expect(check(current, new Date(later.getTime() + 5_000))).rejects.toThrow(
        'That code is not right',
      );
      // A code from two steps ago, never used: refused.
      const old = await codeAt(secret, new Date(later.getTime() + 3 * STEP_MS));
      await expect(check(old, new Date(later.getTime() + 5 * STEP_MS))).rejects.toThrow(
        'not right',
      );
      await expect(check('000000', later)).rejects.toThrow('not right');
    });

    it('locks an account after five wrong codes, even for the right one', async () => {
      const { agent, secret } = await enrolledAgent();
      const user = await readUser(database, agent.id);
      const at = new Date(NOW.getTime() + 20 * STEP_MS);
      const right = await codeAt(secret, at);
      const wrong = right === '123456' ? '654321' : '123456';
      for (let i = 0; i < 5; i++) {
        await expect(
          checkSecondFactor({ db: database.db, user, code: wrong, now: at, accept: 'totp' }),
        ).rejects.toMatchObject({ statusCode: 400 });
      }
      await expect(
        checkSecondFactor({ db: database.db, user, code: right, now: at, accept: 'totp' }),
      ).rejects.toMatchObject({ statusCode: 429 });
    });
  });

  describe('sign-in steps with STAFF_2FA=required', () => {
    it('enrols at the first sign-in before anything else works, then asks for the code', async () => {
      const agent = await makeAgent(database.db);
      const client = live.client();
      const first = await login(client, agent.email!);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ id: agent.id, next: 'enrol' });
      const refused = await client.json<Json>('/api/agent/user');
      expect(refused).toEqual({ status: 403, body: { error: FINISH_SIGNING_IN } });
      await expect(TestSocket.connect(live.baseUrl, client.cookieHeader())).rejects.toThrow(/403/);

      // The kept sessions learn of the new secret from this instance, not only from the
      // database's notification, which may come after the confirmation below.
      const changed: SessionUser[] = [];
      const unsubscribe = live.app.bus.on('userChanged', (user) => changed.push(user));
      const enrolment = await client.json<{ secret: string; qrCode: string; otpauthUrl: string }>(
        '/api/agent/2fa/enrol',
        { method: 'POST' },
      );
      unsubscribe();
      expect(enrolment.status).toBe(200);
      expect(changed).toMatchObject([{ id: agent.id, totpSecret: enrolment.body.secret }]);
      expect(enrolment.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(enrolment.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
      const confirmed = await client.json<Json & { recoveryCodes: string[] }>(
        '/api/agent/2fa/enrol/confirm',
        { method: 'POST', body: { code: await codeAt(enrolment.body.secret, new Date()) } },
      );
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      expect(confirmed.body.next).toBeNull();
      expect(confirmed.body.recoveryCodes).toHaveLength(10);
      expect(new Set(confirmed.body.recoveryCodes).size).toBe(10);
      expect((await client.json('/api/agent/user')).status).toBe(200);
      // Stored hashed: no code appears anywhere in the database's rows for them.
      const stored = JSON.stringify(
        await database.db
          .select()
          .from(staffRecoveryCodes)
          .where(eq(staffRecoveryCodes.userId, agent.id)),
      );
      expect(stored).toContain(agent.id);
      for (const code of confirmed.body.recoveryCodes) expect(stored).not.toContain(code);

      // Signing in again: the password gives a session that reaches only the code step.
      const again = live.client();
      expect((await login(again, agent.email!)).body.next).toBe('code');
      const pendingCookie = again.cookieHeader();
      const walk = [];
      for (const route of live.app.declaredRoutes) {
        if (!route.url.startsWith('/api') || route.role === 'public') continue;
        const res = await live.app.inject({
          method: route.method as 'GET',
          url: route.url.replace(/:(\w+)/g, '1'),
          headers: { cookie: pendingCookie },
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const step = ['/api/agent/sign-in', '/api/agent/2fa/code'].includes(route.url);
        const reached = !(
          res.statusCode === 401 ||
          (res.statusCode === 403 &&
            [
              'Finish signing in first.',
              'Agent privileges required.',
              "You don't have admin privileges.",
            ].includes((res.json() as Json).error ?? ''))
        );
        if (reached !== step) walk.push(`${route.method} ${route.url}: ${res.statusCode}`);
      }
      expect(walk.filter((w) => !/enrol\/confirm|\/password:/.test(w))).toEqual([]);
      // Those two check the body first (a 400 for `{}`); given a valid one, they refuse too.
      for (const [url, payload] of [
        ['/api/agent/2fa/enrol/confirm', { code: '123456' }],
        ['/api/agent/password', { currentPassword: AGENT_PASSWORD, newPassword: 'x'.repeat(12) }],
      ] as const) {
        const res = await live.app.inject({
          method: 'POST',
          url,
          headers: { cookie: pendingCookie },
          payload,
        });
        expect(res.json()).toEqual({ error: FINISH_SIGNING_IN });
      }
      await expect(TestSocket.connect(live.baseUrl, pendingCookie)).rejects.toThrow(/403/);

      const wrong = await again.json<Json>('/api/agent/2fa/code', {
        method: 'POST',
        body: { code: '12345x' },
      });
      expect(wrong.status).toBe(400);
      // A recovery code works once, and passing the step gives a new session id.
      const recovery = confirmed.body.recoveryCodes[0]!;
      const passed = await again.json<Json>('/api/agent/2fa/code', {
        method: 'POST',
        body: { code: recovery.toLowerCase() },
      });
      expect(passed.body.next).toBeNull();
      expect(again.cookieHeader()).not.toBe(pendingCookie);
      expect((await again.json('/api/agent/user')).status).toBe(200);
      expect(
        (await live.app.inject({ url: '/api/agent/user', headers: { cookie: pendingCookie } }))
          .statusCode,
      ).toBe(401);
      const third = live.client();
      await login(third, agent.email!);
      const replayed = await third.json<Json>('/api/agent/2fa/code', {
        method: 'POST',
        body: { code: recovery },
      });
      expect(replayed.status).toBe(400);
      expect(await actions(database, agent.id)).toContain('staff.2fa-enrol');
    });

    it('makes an account made with a generated password set its own first', async () => {
      const { agent: admin, secret } = await enrolledAgent({ admin: true });
      const adminClient = live.client();
      await login(adminClient, admin.email!);
      await adminClient.json('/api/agent/2fa/code', {
        method: 'POST',
        body: { code: await codeAt(secret, new Date()) },
      });
      const made = await adminClient.json<Json & { id: string }>('/api/agents/create', {
        method: 'POST',
        body: {
          email: `generated-${Date.now()}@example.com`,
          password: 'Gen3rated!pw',
          firstName: 'Gen',
          lastName: 'Erated',
          passwordGenerated: true,
        },
      });
      expect(made.status).toBe(201);
      const client = live.client();
      const first = await login(client, made.body.email as string, 'Gen3rated!pw');
      // The second factor comes first (required), then the password.
      expect(first.body.next).toBe('enrol');
      const { secret: own } = (
        await client.json<{ secret: string }>('/api/agent/2fa/enrol', { method: 'POST' })
      ).body;
      const enrolled = await client.json<Json>('/api/agent/2fa/enrol/confirm', {
        method: 'POST',
        body: { code: await codeAt(own, new Date()) },
      });
      expect(enrolled.body.next).toBe('password');
      expect((await client.json('/api/agent/user')).status).toBe(403);
      const set = await client.json<Json>('/api/agent/password', {
        method: 'POST',
        body: { newPassword: 'my own password' },
      });
      expect(set.body.next).toBeNull();
      expect((await client.json('/api/agent/user')).status).toBe(200);
    });
  });

  describe('passwords', () => {
    it('a change needs the current one and ends every other session, sockets included', async () => {
      const { agent, secret } = await enrolledAgent();
      const other = await sessionCookie(database.db, agent);
      const socket = await TestSocket.connect(live.baseUrl, other);
      await socket.resume();
      const client = live.client();
      await login(client, agent.email!);
      await client.json('/api/agent/2fa/code', {
        method: 'POST',
        body: { code: await codeAt(secret, new Date()) },
      });
      const wrong = await client.json<Json>('/api/agent/password', {
        method: 'POST',
        body: { currentPassword: 'not it at all', newPassword: 'a brand new password' },
      });
      expect(wrong).toEqual({
        status: 400,
        body: { error: 'Your current password is not right.' },
      });
      const changed = await client.json<Json>('/api/agent/password', {
        method: 'POST',
        body: { currentPassword: AGENT_PASSWORD, newPassword: 'a brand new password' },
      });
      expect(changed.status).toBe(200);
      await socket.waitFor(() => socket.closed !== null, 'the close');
      expect(socket.closed?.code).toBe(SOCKET_CLOSE_CODES.sessionEnded);
      const otherNow = await live.app.inject({
        url: '/api/agent/user',
        headers: { cookie: other },
      });
      expect(otherNow.statusCode).toBe(401);
      expect((await client.json('/api/agent/user')).status).toBe(200);
      expect((await login(live.client(), agent.email!)).status).toBe(401);
      expect((await login(live.client(), agent.email!, 'a brand new password')).status).toBe(200);
      expect(await actions(database, agent.id)).toContain('staff.password-change');
    });

    it('a reset link works once, within its hour, and ends the member’s sessions', async () => {
      const { agent: admin, secret } = await enrolledAgent({ admin: true });
      const { agent } = await enrolledAgent();
      const agentCookie = await sessionCookie(database.db, agent);
      const adminClient = live.client();
      await login(adminClient, admin.email!);
      await adminClient.json('/api/agent/2fa/code', {
        method: 'POST',
        body: { code: await codeAt(secret, new Date()) },
      });
      const agentTries = await live.app.inject({
        method: 'POST',
        url: `/api/agents/${admin.id}/reset-link`,
        headers: { cookie: agentCookie },
      });
      expect(agentTries.statusCode).toBe(403);
      const issued = await adminClient.json<{ url: string; expiresAt: string }>(
        `/api/agents/${agent.id}/reset-link`,
        { method: 'POST' },
      );
      expect(issued.status).toBe(200);
      const url = new URL(issued.body.url);
      expect(url.pathname).toBe('/agent/reset-password');
      const token = url.hash.slice(1);
      const stored = await database.db
        .select()
        .from(passwordResetLinks)
        .where(eq(passwordResetLinks.userId, agent.id));
      expect(stored).toHaveLength(1);
      expect(JSON.stringify(stored)).not.toContain(token);

      const reset = live.client();
      const used = await reset.json('/api/agent/password/reset', {
        method: 'POST',
        body: { token, newPassword: 'reset by link' },
      });
      expect(used.status).toBe(200);
      const again = await reset.json<Json>('/api/agent/password/reset', {
        method: 'POST',
        body: { token, newPassword: 'reset by link again' },
      });
      expect(again.status).toBe(400);
      expect(
        (await live.app.inject({ url: '/api/agent/user', headers: { cookie: agentCookie } }))
          .statusCode,
      ).toBe(401);
      // The new password signs in (still to the code step: the link replaced the password only).
      expect((await login(live.client(), agent.email!, 'reset by link')).body.next).toBe('code');

      const late = await adminClient.json<{ url: string }>(`/api/agents/${agent.id}/reset-link`, {
        method: 'POST',
      });
      const lateToken = new URL(late.body.url).hash.slice(1);
      await expect(
        useResetLink({
          db: database.db,
          token: lateToken,
          newPassword: 'too late for this',
          address: '192.0.2.1',
          now: new Date(Date.now() + RESET_LINK_TTL_MS + 1_000),
        }),
      ).rejects.toThrow('has expired');
      expect(await actions(database, agent.id)).toEqual(
        expect.arrayContaining(['staff.reset-link-issue', 'staff.password-reset']),
      );
    });
  });

  describe('admins and sessions', () => {
    it('keeps the last active admin, makes and removes admins, audited', async () => {
      // Other tests made admins in this database: from here, this admin is the only active one.
      await database.db.update(users).set({ isAdmin: false }).where(eq(users.isAdmin, true));
      const admin = await makeAgent(database.db, { admin: true });
      const agent = await makeAgent(database.db);
      const cookie = await sessionCookie(database.db, admin);
      // Enrolment is required here: these calls use the database directly to skip it.
      await database.db
        .update(users)
        .set({ totpEnabledAt: new Date() })
        .where(eq(users.id, admin.id));
      const call = (url: string, payload: object = {}) =>
        live.app.inject({ method: 'POST', url, headers: { cookie }, payload });
      const last = await call(`/api/agents/${admin.id}/admin`, { isAdmin: false });
      expect(last.statusCode).toBe(409);
      expect(last.json()).toEqual({
        error: 'The last active admin cannot be removed or deactivated.',
      });
      const made = await call(`/api/agents/${agent.id}/admin`, { isAdmin: true });
      expect(made.statusCode).toBe(200);
      expect(made.json()).toMatchObject({ isAdmin: true });
      const removedSelf = await call(`/api/agents/${admin.id}/admin`, { isAdmin: false });
      expect(removedSelf.statusCode).toBe(200);
      expect(await actions(database, agent.id)).toContain('user.make-admin');
      expect(await actions(database, admin.id)).toContain('user.remove-admin');
      // `agent` is the last admin now. With a second one, `agent` may be deactivated; then that
      // second admin is the last, and keeps it.
      const other = await makeAgent(database.db, { admin: true });
      await database.db
        .update(users)
        .set({ totpEnabledAt: new Date() })
        .where(eq(users.id, other.id));
      const otherCookie = await sessionCookie(database.db, other);
      const deactivated = await live.app.inject({
        method: 'POST',
        url: `/api/agents/${agent.id}/deactivate`,
        headers: { cookie: otherCookie },
      });
      expect(deactivated.statusCode).toBe(200);
      const lastOne = await live.app.inject({
        method: 'POST',
        url: `/api/agents/${other.id}/admin`,
        headers: { cookie: otherCookie },
        payload: { isAdmin: false },
      });
      expect(lastOne.statusCode).toBe(409);
    });

    it('lists a member’s devices, ends one, and an admin ends all of another’s', async () => {
      const { agent, secret } = await enrolledAgent();
      const phone = live.client();
      const laptop = live.client();
      for (const client of [phone, laptop]) {
        await login(client, agent.email!);
        await client.json('/api/agent/2fa/code', {
          method: 'POST',
          body: {
            code: await codeAt(secret, new Date(Date.now() + (client === phone ? -STEP_MS : 0))),
          },
        });
      }
      const security = await laptop.json<{
        sessions: { id: string; current: boolean; ipAddress: string }[];
        newDevices: unknown[];
        twoFactorEnabled: boolean;
      }>('/api/agent/security');
      expect(security.body.twoFactorEnabled).toBe(true);
      expect(security.body.sessions).toHaveLength(2);
      expect(security.body.sessions.filter((s) => s.current)).toHaveLength(1);
      expect(security.body.sessions[0]!.ipAddress).toBe('127.0.0.1');
      // The laptop was a browser never seen before: audited, shown until dismissed.
      expect(security.body.newDevices).toHaveLength(1);
      expect(await actions(database, agent.id)).toContain('staff.new-device');
      await laptop.json('/api/agent/security/new-devices/dismiss', { method: 'POST' });
      expect(
        (await laptop.json<{ newDevices: unknown[] }>('/api/agent/security')).body.newDevices,
      ).toEqual([]);
      const phoneSession = security.body.sessions.find((s) => !s.current)!;
      const ended = await laptop.json(`/api/agent/sessions/${phoneSession.id}`, {
        method: 'DELETE',
      });
      expect(ended.status).toBe(200);
      expect((await phone.json('/api/agent/user')).status).toBe(401);
      expect((await laptop.json('/api/agent/user')).status).toBe(200);

      const { agent: admin } = await enrolledAgent({ admin: true });
      const adminCookie = await sessionCookie(database.db, admin);
      const all = await live.app.inject({
        method: 'DELETE',
        url: `/api/agents/${agent.id}/sessions`,
        headers: { cookie: adminCookie },
      });
      expect(all.json()).toEqual({ ended: 1 });
      expect((await laptop.json('/api/agent/user')).status).toBe(401);
    });

    it('an admin resets another’s second factor, audited; their own only with a recovery code', async () => {
      const { agent } = await enrolledAgent();
      const { agent: admin, recoveryCodes } = await enrolledAgent({ admin: true });
      const agentCookie = await sessionCookie(database.db, agent);
      const adminCookie = await sessionCookie(database.db, admin);
      const reset = (id: string, payload: object = {}) =>
        live.app.inject({
          method: 'POST',
          url: `/api/agents/${id}/2fa/reset`,
          headers: { cookie: adminCookie },
          payload,
        });
      const done = await reset(agent.id);
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({ twoFactorEnabled: false });
      expect(await actions(database, agent.id)).toContain('staff.2fa-reset');
      expect(
        (await live.app.inject({ url: '/api/agent/user', headers: { cookie: agentCookie } }))
          .statusCode,
      ).toBe(401);
      // At the next sign-in they enrol again (required).
      expect((await login(live.client(), agent.email!)).body.next).toBe('enrol');

      expect((await reset(admin.id)).statusCode).toBe(400);
      expect((await reset(admin.id, { recoveryCode: 'AAAA-BBBB-CCCC-DDDD' })).statusCode).toBe(400);
      expect((await reset(admin.id, { recoveryCode: recoveryCodes[3] })).statusCode).toBe(200);
    });
  });
});

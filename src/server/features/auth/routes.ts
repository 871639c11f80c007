import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminInitializeRequestSchema,
  adminSetupStatusSchema,
  accountSecuritySchema,
  agentLoginRequestSchema,
  callbackQuerySchema,
  changePasswordRequestSchema,
  enrolmentConfirmedSchema,
  enrolmentSchema,
  loginQuerySchema,
  okResponseSchema,
  resetPasswordRequestSchema,
  safeReturnTo,
  secondFactorRequestSchema,
  sessionIdParamsSchema,
  signInStateSchema,
  userSchema,
  type SignInState,
} from '../../../shared/api/auth';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { requireUser, type AuthContext } from '../../platform/auth';
import { isStaff, nextSignInStep } from '../../platform/sign-in-steps';
import { AppError } from '../../platform/errors';
import type { EventBus } from '../../platform/event-bus';
import {
  clearSessionCookie,
  createSession,
  destroySession,
  hashToken,
  SESSION_COOKIE,
  setSessionCookie,
  type SessionUser,
} from '../../platform/sessions';
import { changePassword, useResetLink } from './passwords';
import {
  checkSecondFactor,
  confirmEnrolment,
  recoveryCodesLeft,
  startEnrolment,
} from './second-factor';
import { dismissNewDevices, recordStaffDevice, unseenNewDevices } from './staff-devices';
import { endOwnSession, listStaffSessions } from './staff-sessions';
import { agentLogin } from './agent-login';
import type { CustomerSignIn, LoginState } from './customer-sign-in';
import { adminSetupAvailable } from './admin-setup-available';
import { initializeAdmin } from './initialize-admin';
import { syncProfile } from './sync-profile';
import { toUser } from './user-dto';
import { forRole, forSignInStep } from '../../platform/roles';

const LOGIN_STATE_COOKIE = 'ac_oidc';
/** A browser's long-lived random id: a staff sign-in from one not seen before is news. */
const DEVICE_COOKIE = 'ac_device';
const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;
const loginStateSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  returnTo: z.string(),
});

export interface AuthRoutesOptions {
  db: Db;
  config: Config;
  signIn: CustomerSignIn;
  /** Hears `sessionEnded`: cached sessions and live sockets end with it. */
  bus: EventBus;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { db, config, signIn, bus },
) => {
  const secure = config.publicUrl.startsWith('https:');
  const publicOrigin = new URL(config.publicUrl).origin;
  const endSession = async (token: string | undefined) => {
    if (!token) return;
    const tokenHash = hashToken(token);
    const userId = await destroySession({ db, tokenHash });
    bus.emit('sessionEnded', { tokenHash, userId });
  };
  const ended = (userId: string, tokenHashes: readonly string[]) => {
    for (const tokenHash of tokenHashes) bus.emit('sessionEnded', { tokenHash, userId });
  };
  const state = (user: SessionUser, secondFactorPending: boolean): SignInState => ({
    ...toUser(user),
    next: nextSignInStep({ user, secondFactorPending, staff2fa: config.staff2fa }),
  });
  /** The caller's session as read, with the user as stored now (a step may just have changed it). */
  const signedIn = (request: { auth: AuthContext | null }) => {
    if (!request.auth) throw new AppError('unauthorized', 'Unauthorized');
    return request.auth;
  };

  /**
   * Opens a new session (the old one, if any, ends: sign-in rotates the id). A staff member with
   * a second factor gets a session that reaches only the code step; their browser is noted.
   */
  const openSession = async (
    request: FastifyRequest,
    reply: FastifyReply,
    user: SessionUser,
    method: 'oidc' | 'password',
    secondFactorPending: boolean,
  ) => {
    await endSession(request.cookies[SESSION_COOKIE]);
    const session = await createSession({
      db,
      userId: user.id,
      method,
      userAgent: request.headers['user-agent'],
      ipAddress: request.ip,
      secondFactorPending,
    });
    setSessionCookie(reply, session.token, session.expiresAt, { secure });
    return session;
  };
  const noteDevice = async (request: FastifyRequest, reply: FastifyReply, user: SessionUser) => {
    if (!isStaff(user)) return;
    let deviceToken = request.cookies[DEVICE_COOKIE];
    if (!deviceToken || !/^[\w-]{43}$/.test(deviceToken)) {
      deviceToken = randomBytes(32).toString('base64url');
      reply.setCookie(DEVICE_COOKIE, deviceToken, {
        path: '/api/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: DEVICE_COOKIE_MAX_AGE_S,
      });
    }
    await recordStaffDevice({
      db,
      userId: user.id,
      deviceToken,
      userAgent: request.headers['user-agent'],
      ipAddress: request.ip,
    });
  };

  app.get(
    '/api/login',
    forRole('public', {
      summary: "Start a customer's sign-in",
      description:
        'Anyone: redirects (302) to the OIDC provider with PKCE and remembers the sign-in in a signed cookie for 10 minutes. returnTo counts only as a path on this site, else it becomes /.',
      querystring: loginQuerySchema,
    }),
    async (request, reply) => {
      const { url, state } = await signIn.start(safeReturnTo(request.query.returnTo));
      reply.setCookie(LOGIN_STATE_COOKIE, JSON.stringify(state), {
        path: '/api/callback',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        signed: true,
        maxAge: 600,
      });
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    },
  );

  app.get(
    '/api/callback',
    forRole('public', {
      summary: "Finish a customer's sign-in",
      description:
        'The provider sends the browser back here: the state, nonce, PKCE and ID token are checked, the profile synced and a session opened, then a redirect to returnTo (staff owing a sign-in step go to the agent login). No valid sign-in cookie or a provider answer that does not check out is a 400.',
      querystring: callbackQuerySchema,
    }),
    async (request, reply) => {
      const raw = request.cookies[LOGIN_STATE_COOKIE];
      const unsigned = raw ? request.unsignCookie(raw) : undefined;
      reply.clearCookie(LOGIN_STATE_COOKIE, { path: '/api/callback' });
      let login: LoginState;
      try {
        login = loginStateSchema.parse(JSON.parse(unsigned?.valid ? (unsigned.value ?? '') : ''));
      } catch {
        throw new AppError(
          'bad_request',
          'Sign-in expired or was started elsewhere. Please sign in again.',
        );
      }
      if (request.query.error) {
        // The customer cancelled at the provider: back to where they were, still signed out.
        return reply.redirect(login.returnTo, 302);
      }
      let profile;
      try {
        profile = await signIn.finish(new URL(request.url, config.publicUrl), login);
      } catch (error) {
        request.log.warn({ err: error }, 'OIDC callback rejected');
        throw new AppError('bad_request', 'Sign-in failed. Please try again.');
      }
      const user = await syncProfile({ db, profile, logger: request.log });
      const pending = isStaff(user) && user.totpEnabledAt !== null;
      await openSession(request, reply, user, 'oidc', pending);
      await noteDevice(request, reply, user);
      // Staff with a step left (the code, enrolment) finish signing in on the agent login page.
      const next = nextSignInStep({
        user,
        secondFactorPending: pending,
        staff2fa: config.staff2fa,
      });
      const target = next === null ? login.returnTo : '/agent/login?resume';
      return reply.header('cache-control', 'no-store').redirect(target, 302);
    },
  );

  // A GET, as the spec navigates to it; so a link or an image on another site could sign the
  // user out. Browsers say where a request comes from (Sec-Fetch-Site; Origin when they send it):
  // only our own pages, or the address bar ("none"), may end the session this way.
  app.get(
    '/api/logout',
    forRole('public', {
      summary: 'Sign out and go home',
      description:
        'Anyone: ends the session, if any, clears its cookie and redirects to /. A request from another site is refused (403) and the session left as it was.',
    }),
    async (request, reply) => {
      const site = request.headers['sec-fetch-site'];
      const origin = request.headers.origin;
      if (
        (site !== undefined && site !== 'same-origin' && site !== 'none') ||
        (origin !== undefined && origin !== publicOrigin)
      ) {
        throw new AppError('forbidden', 'Cross-origin request refused');
      }
      await endSession(request.cookies[SESSION_COOKIE]);
      clearSessionCookie(reply, { secure });
      return reply.header('cache-control', 'no-store').redirect('/', 302);
    },
  );

  app.get(
    '/api/auth/user',
    forRole('customer', {
      summary: 'The signed-in user',
      description: 'Any signed-in user, whatever their role: who they are.',
      response: { 200: userSchema },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return toUser(requireUser(request));
    },
  );

  app.post(
    '/api/agent/login',
    forRole('public', {
      summary: 'Staff sign-in with a password',
      description:
        'An agent or admin signs in with email and password; the answer says which sign-in step is left, if any. A wrong email or password is the same 401; a deactivated account 403; too many failures 429.',
      body: agentLoginRequestSchema,
      response: { 200: signInStateSchema },
    }),
    async (request, reply) => {
      const user = await agentLogin({
        db,
        ...request.body,
        address: request.ip,
      });
      const pending = user.totpEnabledAt !== null;
      await openSession(request, reply, user, 'password', pending);
      await noteDevice(request, reply, user);
      return state(user, pending);
    },
  );

  app.get(
    '/api/agent/sign-in',
    forSignInStep({
      summary: 'The sign-in step left',
      description:
        'A staff member, also midway through signing in: who they are and which step is left (code, enrol, password), or none.',
      response: { 200: signInStateSchema },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const auth = signedIn(request);
      return state(auth.user, auth.secondFactorPending);
    },
  );

  app.post(
    '/api/agent/2fa/code',
    forSignInStep({
      summary: "Give the second factor's code",
      description:
        'A staff member midway through signing in gives a TOTP or recovery code; the session is renewed. A wrong code is 400, no code owed 409, too many wrong codes 429.',
      body: secondFactorRequestSchema,
      response: { 200: signInStateSchema },
    }),
    async (request, reply) => {
      const auth = signedIn(request);
      if (!auth.secondFactorPending)
        throw new AppError('conflict', 'No code is needed for this sign-in.');
      await checkSecondFactor({
        db,
        user: auth.user,
        code: request.body.code,
        now: new Date(),
        accept: 'either',
      });
      // The code passed: a new session (a new id) replaces the half-signed-in one.
      await openSession(request, reply, auth.user, auth.method, false);
      return state(auth.user, false);
    },
  );

  app.post(
    '/api/agent/2fa/enrol',
    forSignInStep({
      summary: 'Start second-factor enrolment',
      description:
        'A staff member (not while a code is owed, else 403) gets a new TOTP secret and its QR code, not yet in use. Already on: 409.',
      response: { 200: enrolmentSchema },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const auth = signedIn(request);
      if (auth.secondFactorPending) throw new AppError('forbidden', 'Finish signing in first.');
      return startEnrolment({ db, bus, user: auth.user, issuer: config.brandName });
    },
  );

  app.post(
    '/api/agent/2fa/enrol/confirm',
    forSignInStep({
      summary: 'Turn the second factor on',
      description:
        'A staff member confirms enrolment with the first code from the new secret and gets ten recovery codes, shown this once. A wrong code is 400. Audited.',
      body: secondFactorRequestSchema,
      response: { 200: enrolmentConfirmedSchema },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const auth = signedIn(request);
      if (auth.secondFactorPending) throw new AppError('forbidden', 'Finish signing in first.');
      const { user, recoveryCodes } = await confirmEnrolment({
        db,
        user: auth.user,
        code: request.body.code,
        now: new Date(),
      });
      bus.emit('userChanged', user);
      return { ...state(user, false), recoveryCodes };
    },
  );

  app.post(
    '/api/agent/password',
    forSignInStep({
      summary: "Change one's own password",
      description:
        "A staff member changes their password (the current one is not asked at a first sign-in's password step); every other session of theirs ends. A wrong current password is 400. Audited.",
      body: changePasswordRequestSchema,
      response: { 200: signInStateSchema },
    }),
    async (request) => {
      const auth = signedIn(request);
      if (auth.secondFactorPending) throw new AppError('forbidden', 'Finish signing in first.');
      const result = await changePassword({
        db,
        user: auth.user,
        tokenHash: auth.tokenHash,
        ...request.body,
      });
      ended(result.user.id, result.ended);
      bus.emit('userChanged', result.user);
      return state(result.user, false);
    },
  );

  app.post(
    '/api/agent/password/reset',
    forRole('public', {
      summary: 'Set a password from a reset link',
      description:
        "Anyone holding an admin's reset link sets the member's new password, once, within 60 minutes; every session of the member ends. An invalid or used link is 400; too many wrong tokens 429.",
      body: resetPasswordRequestSchema,
      response: { 200: okResponseSchema },
    }),
    async (request) => {
      const result = await useResetLink({
        db,
        ...request.body,
        address: request.ip,
        now: new Date(),
      });
      ended(result.user.id, result.ended);
      bus.emit('userChanged', result.user);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/agent/security',
    forRole('agent', {
      summary: "One's own sign-in security",
      description:
        'A staff member: whether their second factor is on, recovery codes left, their signed-in devices and the new devices not yet dismissed.',
      response: { 200: accountSecuritySchema },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const auth = signedIn(request);
      const userId = auth.user.id;
      return {
        twoFactorEnabled: auth.user.totpEnabledAt !== null,
        recoveryCodesLeft: await recoveryCodesLeft(db, userId),
        sessions: await listStaffSessions({ db, userId, tokenHash: auth.tokenHash }),
        newDevices: await unseenNewDevices(db, userId),
      };
    },
  );

  app.post(
    '/api/agent/security/new-devices/dismiss',
    forRole('agent', {
      summary: 'Dismiss the new devices',
      description: 'A staff member marks the sign-ins from new devices as seen.',
      response: { 200: okResponseSchema },
    }),
    async (request) => {
      await dismissNewDevices(db, requireUser(request).id);
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/agent/sessions/:id',
    forRole('agent', {
      summary: "End one of one's own sessions",
      description:
        'A staff member ends one of their own sessions, its socket included; any other session is a 404.',
      params: sessionIdParamsSchema,
      response: { 200: okResponseSchema },
    }),
    async (request) => {
      const userId = requireUser(request).id;
      const tokenHash = await endOwnSession({ db, userId, sessionId: request.params.id });
      ended(userId, [tokenHash]);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/agent/logout',
    forRole('public', {
      summary: 'Staff sign-out',
      description: 'Anyone: ends the session, if any, and clears its cookie.',
      response: { 200: okResponseSchema },
    }),
    async (request, reply) => {
      await endSession(request.cookies[SESSION_COOKIE]);
      clearSessionCookie(reply, { secure });
      return { ok: true as const };
    },
  );

  app.get(
    '/api/agent/user',
    forRole('agent', {
      summary: 'The signed-in staff member',
      description: 'Agents and admins: who they are.',
      response: { 200: userSchema },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return toUser(requireUser(request));
    },
  );

  app.get(
    '/api/admin/setup-status',
    forRole('public', {
      summary: 'Whether admin setup can run',
      description:
        'Anyone: whether the one-time admin setup is still available (a setup secret is configured and no admin exists yet). It says nothing else.',
      response: { 200: adminSetupStatusSchema },
    }),
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        available: await adminSetupAvailable({ db, configuredSecret: config.adminSetupSecret }),
      };
    },
  );

  app.post(
    '/api/admin/initialize',
    forRole('customer', {
      summary: 'Become the first admin',
      description:
        'The one-time admin setup: a user signed in with Google, giving their own email and ADMIN_SETUP_SECRET, becomes an admin. A wrong secret or a disabled setup is 403, an existing admin 409, too many wrong secrets 429.',
      body: adminInitializeRequestSchema,
      response: { 200: userSchema },
    }),
    async (request) => {
      const user = await initializeAdmin({
        db,
        caller: requireUser(request),
        ...request.body,
        configuredSecret: config.adminSetupSecret,
        address: request.ip,
      });
      // The promoted user's cached session follows before the answer, not when the database's
      // notification arrives: the next request already sees the admin.
      bus.emit('userChanged', user);
      return toUser(user);
    },
  );
};

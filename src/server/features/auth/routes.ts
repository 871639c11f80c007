import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminInitializeRequestSchema,
  adminSetupStatusSchema,
  agentLoginRequestSchema,
  callbackQuerySchema,
  loginQuerySchema,
  okResponseSchema,
  safeReturnTo,
  userSchema,
} from '../../../shared/api/auth';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { requireUser } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { EventBus } from '../../platform/event-bus';
import {
  clearSessionCookie,
  createSession,
  destroySession,
  hashToken,
  SESSION_COOKIE,
  setSessionCookie,
} from '../../platform/sessions';
import { agentLogin } from './agent-login';
import type { CustomerSignIn, LoginState } from './customer-sign-in';
import { adminSetupAvailable } from './admin-setup-available';
import { initializeAdmin } from './initialize-admin';
import { syncProfile } from './sync-profile';
import { toUser } from './user-dto';
import { forRole } from '../../platform/roles';

const LOGIN_STATE_COOKIE = 'ac_oidc';
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

  app.get(
    '/api/login',
    forRole('public', { querystring: loginQuerySchema }),
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
    forRole('public', { querystring: callbackQuerySchema }),
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
      await endSession(request.cookies[SESSION_COOKIE]);
      const session = await createSession({
        db,
        userId: user.id,
        method: 'oidc',
        userAgent: request.headers['user-agent'],
      });
      setSessionCookie(reply, session.token, session.expiresAt, { secure });
      return reply.header('cache-control', 'no-store').redirect(login.returnTo, 302);
    },
  );

  // A GET, as the spec navigates to it; so a link or an image on another site could sign the
  // user out. Browsers say where a request comes from (Sec-Fetch-Site; Origin when they send it):
  // only our own pages, or the address bar ("none"), may end the session this way.
  app.get('/api/logout', { config: { role: 'public' } }, async (request, reply) => {
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
  });

  app.get(
    '/api/auth/user',
    forRole('customer', { response: { 200: userSchema } }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return toUser(requireUser(request));
    },
  );

  app.post(
    '/api/agent/login',
    forRole('public', { body: agentLoginRequestSchema, response: { 200: userSchema } }),
    async (request, reply) => {
      const user = await agentLogin({
        db,
        ...request.body,
        address: request.ip,
      });
      await endSession(request.cookies[SESSION_COOKIE]);
      const session = await createSession({
        db,
        userId: user.id,
        method: 'password',
        userAgent: request.headers['user-agent'],
      });
      setSessionCookie(reply, session.token, session.expiresAt, { secure });
      return toUser(user);
    },
  );

  app.post(
    '/api/agent/logout',
    forRole('public', { response: { 200: okResponseSchema } }),
    async (request, reply) => {
      await endSession(request.cookies[SESSION_COOKIE]);
      clearSessionCookie(reply, { secure });
      return { ok: true as const };
    },
  );

  app.get(
    '/api/agent/user',
    forRole('agent', { response: { 200: userSchema } }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return toUser(requireUser(request));
    },
  );

  app.get(
    '/api/admin/setup-status',
    forRole('public', { response: { 200: adminSetupStatusSchema } }),
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        available: await adminSetupAvailable({ db, configuredSecret: config.adminSetupSecret }),
      };
    },
  );

  app.post(
    '/api/admin/initialize',
    forRole('customer', { body: adminInitializeRequestSchema, response: { 200: userSchema } }),
    async (request) => {
      const user = await initializeAdmin({
        db,
        caller: requireUser(request),
        ...request.body,
        configuredSecret: config.adminSetupSecret,
        address: request.ip,
      });
      return toUser(user);
    },
  );
};

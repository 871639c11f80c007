import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { AppError } from './errors';
import type { Role } from './roles';
import type { ChangeCache } from './change-cache';
import { isStaff, nextSignInStep } from './sign-in-steps';
import {
  hashToken,
  resolveSession,
  SESSION_COOKIE,
  stillValid,
  type ResolvedSession,
  type SessionMethod,
  type SessionUser,
} from './sessions';

export interface AuthContext {
  user: SessionUser;
  tokenHash: string;
  method: SessionMethod;
  secondFactorPending: boolean;
  /** The session's limits as read (epoch ms): a realtime socket keeps checking them. */
  expiresAt: number;
  lastSeenAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null. Set before any handler runs. */
    auth: AuthContext | null;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Agents and admins who are active; admins are always agents. */
export const isAgent = isStaff;

/** The answer to a session that still owes a sign-in step, on any other route. */
export const FINISH_SIGNING_IN = 'Finish signing in first.';

export function isAdmin(user: SessionUser): boolean {
  return user.isActive && user.isAdmin;
}

/** What a role lets through; the handler then narrows a customer to their own records. */
function allowed(role: Role, user: SessionUser): boolean {
  switch (role) {
    case 'public':
    case 'customer':
      return true;
    case 'agent':
      return isAgent(user);
    case 'admin':
      return isAdmin(user);
  }
}

/** The caller, for handlers behind a non-public role. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.auth) throw new AppError('unauthorized', 'Unauthorized');
  return request.auth.user;
}

/**
 * Resolves the session cookie on every /api request, refuses state-changing requests from
 * another origin, and enforces each route's declared role before its handler runs.
 */
export function installAuth(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    /** Sessions by token hash, forgotten when users or sessions change (change-cache.ts). */
    sessions: ChangeCache<ResolvedSession | null>;
  },
): void {
  const publicOrigin = new URL(deps.config.publicUrl).origin;
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    if (STATE_CHANGING.has(request.method)) {
      const origin = request.headers.origin;
      if (origin !== undefined) {
        const sameHost = `${request.protocol}://${request.host}`;
        if (origin !== publicOrigin && origin !== sameHost) {
          throw new AppError('forbidden', 'Cross-origin request refused');
        }
      }
    }
    const role = request.routeOptions.config.role;
    // Public routes never pay for a session lookup; those that need the cookie read it themselves.
    if (!role || role === 'public') return;
    const token = request.cookies[SESSION_COOKIE];
    request.auth = token
      ? await deps.sessions.get(
          hashToken(token),
          () => resolveSession({ db: deps.db, token }),
          (session) => session !== null && stillValid(session, Date.now()),
        )
      : null;
    if (!request.auth) throw new AppError('unauthorized', 'Unauthorized');
    if (!allowed(role, request.auth.user)) {
      throw new AppError(
        'forbidden',
        role === 'admin' ? "You don't have admin privileges." : 'Agent privileges required.',
      );
    }
    if (
      !request.routeOptions.config.signInStep &&
      nextSignInStep({ ...request.auth, staff2fa: deps.config.staff2fa }) !== null
    ) {
      throw new AppError('forbidden', FINISH_SIGNING_IN);
    }
  });
}

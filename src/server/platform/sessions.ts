import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, or } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client';
import { authSessions, users } from '../db/schema';

export const SESSION_COOKIE = 'ac_session';
/** A session unused for this long ends. */
export const SESSION_IDLE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/** A session ends this long after sign-in, however active. */
export const SESSION_ABSOLUTE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export type SessionUser = typeof users.$inferSelect;
export type SessionMethod = 'oidc' | 'password';

export interface SessionCookieOptions {
  secure: boolean;
}

/** 256 bits from the CSPRNG; only the SHA-256 is stored, so a database leak opens no session. */
function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(options: {
  db: Db;
  userId: string;
  method: SessionMethod;
  userAgent?: string | undefined;
  ipAddress?: string | undefined;
  /** A staff sign-in that has passed the password and still owes its second factor. */
  secondFactorPending?: boolean;
}): Promise<{ token: string; tokenHash: string; expiresAt: Date }> {
  const token = newToken();
  const tokenHash = hashToken(token);
  const expiresAt = new Date(Date.now() + SESSION_ABSOLUTE_TIMEOUT_MS);
  await options.db.insert(authSessions).values({
    tokenHash,
    userId: options.userId,
    method: options.method,
    expiresAt,
    userAgent: options.userAgent?.slice(0, 300) ?? null,
    ipAddress: options.ipAddress?.slice(0, 64) ?? null,
    secondFactorPending: options.secondFactorPending ?? false,
  });
  return { token, tokenHash, expiresAt };
}

export interface ResolvedSession {
  user: SessionUser;
  tokenHash: string;
  method: SessionMethod;
  /** The session still owes its second factor: it reaches only the sign-in steps. */
  secondFactorPending: boolean;
  /** Epoch ms. */
  expiresAt: number;
  /** Epoch ms, as stored after this read: the idle limit counts from here. */
  lastSeenAt: number;
}

/** The user behind a cookie token, if the session is alive and the account active. */
export async function resolveSession(options: {
  db: Db;
  token: string;
  now?: Date;
}): Promise<ResolvedSession | null> {
  const { db } = options;
  const now = options.now ?? new Date();
  const tokenHash = hashToken(options.token);
  const [row] = await db
    .select({ session: authSessions, user: users })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(
      and(
        eq(authSessions.tokenHash, tokenHash),
        gt(authSessions.expiresAt, now),
        gt(authSessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS)),
      ),
    )
    .limit(1);
  if (!row || !row.user.isActive) return null;
  let lastSeenAt = row.session.lastSeenAt;
  if (now.getTime() - lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(authSessions)
      .set({ lastSeenAt: now })
      .where(eq(authSessions.tokenHash, tokenHash));
    lastSeenAt = now;
  }
  return {
    user: row.user,
    tokenHash,
    method: row.session.method,
    secondFactorPending: row.session.secondFactorPending,
    expiresAt: row.session.expiresAt.getTime(),
    lastSeenAt: lastSeenAt.getTime(),
  };
}

/** When a session ends (absolute limit) and when it was last used (the idle limit counts from it). */
export type SessionLimits = Pick<ResolvedSession, 'expiresAt' | 'lastSeenAt'>;

/** Whether a session read earlier is still within its absolute and idle limits at `now`. */
export function stillValid(session: SessionLimits, now: number): boolean {
  return session.expiresAt > now && now - session.lastSeenAt < SESSION_IDLE_TIMEOUT_MS;
}

/** Ends one sign-in session; returns whose it was (null when there was none). */
export async function destroySession(options: {
  db: Db;
  tokenHash: string;
}): Promise<string | null> {
  const [row] = await options.db
    .delete(authSessions)
    .where(eq(authSessions.tokenHash, options.tokenHash))
    .returning({ userId: authSessions.userId });
  return row?.userId ?? null;
}

/**
 * Ends every session of a user at once (deactivation, a new password, a reset second factor),
 * but `except` (the caller's own). Returns the ended sessions' token hashes, for `sessionEnded`.
 */
export async function destroyUserSessions(options: {
  db: Db;
  userId: string;
  except?: string;
}): Promise<string[]> {
  const rows = await options.db
    .delete(authSessions)
    .where(
      and(
        eq(authSessions.userId, options.userId),
        options.except ? ne(authSessions.tokenHash, options.except) : undefined,
      ),
    )
    .returning({ tokenHash: authSessions.tokenHash });
  return rows.map((r) => r.tokenHash);
}

/** Removes sessions that can no longer be used. */
export async function pruneSessions(options: { db: Db; now?: Date }): Promise<void> {
  const now = options.now ?? new Date();
  await options.db
    .delete(authSessions)
    .where(
      or(
        lt(authSessions.expiresAt, now),
        lt(authSessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS)),
      ),
    );
}

export function setSessionCookie(
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
  options: SessionCookieOptions,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, options: SessionCookieOptions): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
  });
}

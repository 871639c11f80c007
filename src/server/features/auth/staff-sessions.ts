import { and, desc, eq } from 'drizzle-orm';
import type { StaffSession } from '../../../shared/api/auth';
import type { Db } from '../../db/client';
import { authSessions } from '../../db/schema';
import { AppError } from '../../platform/errors';

/** A member's signed-in devices, most recently used first; `current` marks the caller's. */
export async function listStaffSessions(options: {
  db: Db;
  userId: string;
  tokenHash: string;
}): Promise<StaffSession[]> {
  const rows = await options.db
    .select()
    .from(authSessions)
    .where(eq(authSessions.userId, options.userId))
    .orderBy(desc(authSessions.lastSeenAt));
  return rows.map((r) => ({
    id: r.id,
    userAgent: r.userAgent,
    ipAddress: r.ipAddress,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    current: r.tokenHash === options.tokenHash,
  }));
}

/** Ends one of the caller's own sessions by its id; returns its token hash for `sessionEnded`. */
export async function endOwnSession(options: {
  db: Db;
  userId: string;
  sessionId: string;
}): Promise<string> {
  const [row] = await options.db
    .delete(authSessions)
    .where(and(eq(authSessions.id, options.sessionId), eq(authSessions.userId, options.userId)))
    .returning({ tokenHash: authSessions.tokenHash });
  if (!row) throw new AppError('not_found', 'Session not found');
  return row.tokenHash;
}

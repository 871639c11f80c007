import fp from 'fastify-plugin';
import { installAuth } from './auth';
import type { Database } from '../db/client';
import { ChangeCache } from './change-cache';
import { pruneSessions, type ResolvedSession } from './sessions';

/**
 * How long a session read is kept at most, should a change's notification be lost (decision
 * 006). On PostgreSQL one can be: another instance's, or one sent while the LISTEN connection
 * was being made again unnoticed. On PGlite none can: this process is the only writer, and a
 * change's notification reaches it before the change's statement answers, so the bound only
 * keeps `lastSeenAt`'s touch (once a minute, sessions.ts) on its rhythm: a session read a
 * minute instead of every 5 s (550 reads in PGlite's thread in 30 s at 500 chat pairs against
 * 3,079, decision 006's addendum).
 */
const SESSION_CACHE_TTL_MS: Record<Database['kind'], number> = {
  postgres: 5_000,
  pglite: 60_000,
};

/**
 * Sign-in sessions, kept in memory until the database says users or sign-ins changed. This
 * instance's own sign-outs, deactivations, role and status changes take effect before the
 * response, without waiting for the notification (other instances hear it from the database).
 */
export const sessionsPlugin = fp(
  async (app) => {
    const { db, config, notifications, bus, database } = app;
    const sessionCache = new ChangeCache<ResolvedSession | null>(notifications, {
      ttlMs: SESSION_CACHE_TTL_MS[database.kind],
      maxEntries: 100_000,
      keep: (session) => session !== null,
    }).clearOn(notifications, ['users', 'auth']);
    installAuth(app, { db, config, sessions: sessionCache });
    bus.on('userChanged', () => sessionCache.clear());
    bus.on('sessionEnded', () => sessionCache.clear());
    const pruneTimer = setInterval(
      () =>
        void pruneSessions({ db }).catch((error: unknown) =>
          app.log.warn({ err: error }, 'session prune failed'),
        ),
      60 * 60 * 1000,
    );
    pruneTimer.unref();
    app.addHook('onClose', async () => clearInterval(pruneTimer));
  },
  { name: 'sessions' },
);

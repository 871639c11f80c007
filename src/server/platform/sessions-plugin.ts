import fp from 'fastify-plugin';
import { installAuth } from './auth';
import { ChangeCache } from './change-cache';
import { pruneSessions, type ResolvedSession } from './sessions';

/**
 * Sign-in sessions, kept in memory until the database says users or sign-ins changed. This
 * instance's own sign-outs, deactivations, role and status changes take effect before the
 * response, without waiting for the notification (other instances hear it from the database).
 */
export const sessionsPlugin = fp(
  async (app) => {
    const { db, config, notifications, bus } = app;
    const sessionCache = new ChangeCache<ResolvedSession | null>(notifications, {
      ttlMs: 5_000,
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

import fp from 'fastify-plugin';
import { healthRoutes } from './routes';

/** GET /api/health: the database, notifications and storage answer. */
export const healthPlugin = fp(
  async (app) => {
    await app.register(healthRoutes, {
      database: app.database,
      notifications: app.notifications,
      storage: app.storage,
    });
  },
  { name: 'health' },
);

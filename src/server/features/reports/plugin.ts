import fp from 'fastify-plugin';
import { reportsRoutes } from './routes';

/** The admins' reports and lists. */
export const reportsPlugin = fp(
  async (app) => {
    await app.register(reportsRoutes, { db: app.db });
  },
  { name: 'reports' },
);

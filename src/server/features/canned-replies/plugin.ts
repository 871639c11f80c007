import fp from 'fastify-plugin';
import { cannedRepliesRoutes } from './routes';

/** The agents' saved replies. */
export const cannedRepliesPlugin = fp(
  async (app) => {
    await app.register(cannedRepliesRoutes, { db: app.db });
  },
  { name: 'canned-replies' },
);

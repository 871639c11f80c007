import fp from 'fastify-plugin';
import { demoRoutes } from './routes';

/** The public demo chat (DEMO_MODE): mounted only where the configuration turns it on. */
export const demoPlugin = fp(
  async (app) => {
    if (!app.config.demoMode) return;
    await app.register(demoRoutes, {
      db: app.db,
      events: app.events,
      bus: app.bus,
      maxOpenChatsPerAgent: app.config.maxOpenChatsPerAgent,
    });
  },
  { name: 'demo' },
);

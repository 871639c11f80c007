import fp from 'fastify-plugin';
import { agentsRoutes } from './routes';

/** Staff accounts: agents, admins and their status. */
export const agentsPlugin = fp(
  async (app) => {
    await app.register(agentsRoutes, {
      db: app.db,
      config: app.config,
      events: app.events,
      bus: app.bus,
      maxOpenChatsPerAgent: app.config.maxOpenChatsPerAgent,
      clock: app.clock,
    });
  },
  { name: 'agents' },
);

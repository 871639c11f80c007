import fp from 'fastify-plugin';
import { chatSessionsRoutes } from './routes';

/** Chats between a customer and the desk's agents: opening, assigning, resolving. */
export const chatSessionsPlugin = fp(
  async (app) => {
    await app.register(chatSessionsRoutes, {
      db: app.db,
      events: app.events,
      bus: app.bus,
      notifications: app.notifications,
      maxOpenChatsPerAgent: app.config.maxOpenChatsPerAgent,
      clock: app.clock,
    });
  },
  { name: 'chat-sessions' },
);

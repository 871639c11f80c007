import fp from 'fastify-plugin';
import { messagesRoutes } from './routes';

/** A chat's messages, images and read receipts. */
export const messagesPlugin = fp(
  async (app) => {
    await app.register(messagesRoutes, {
      db: app.db,
      events: app.events,
      storage: app.storage,
      maxOpenChatsPerAgent: app.config.maxOpenChatsPerAgent,
    });
  },
  { name: 'messages' },
);

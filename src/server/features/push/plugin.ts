import type https from 'node:https';
import fp from 'fastify-plugin';
import { PushSender } from './push-sender';
import { pushRoutes } from './routes';
import { resolveVapidKeys } from './vapid-keys';

declare module 'fastify' {
  interface FastifyInstance {
    push: PushSender;
  }
}

/**
 * Web Push to customers and agents whose tabs are closed on every instance, with this instance's
 * VAPID keys: configured, or generated into DATA_DIR on first start.
 */
export const pushPlugin = fp<{ agent?: https.Agent }>(
  async (app, { agent }) => {
    const { config, db, bus, presence, notifications } = app;
    const keys = resolveVapidKeys(config.vapid, config.dataDir);
    const sender = new PushSender({
      db,
      bus,
      notifications,
      vapid: { ...keys, subject: config.vapid.subject },
      brandName: config.brandName,
      withOpenSockets: (userIds) => presence.withOpenSockets(userIds),
      logger: app.log,
      agent,
    });
    app.decorate('push', sender);
    app.addHook('preClose', async () => {
      sender.stop();
      await sender.idle();
    });
    await app.register(pushRoutes, {
      db,
      publicKey: keys.publicKey,
      extraOrigins: config.vapid.extraServiceOrigins,
      subscriptionsChanged: () => sender.subscriptionsChanged(),
    });
  },
  { name: 'push', dependencies: ['realtime'] },
);

import fp from 'fastify-plugin';
import { AvailabilityFromPresence } from './presence';
import { availabilityRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    availability: AvailabilityFromPresence;
  }
}

/** Agents' availability, which follows who has a socket open (platform/realtime/presence.ts, ADR 018). */
export const availabilityPlugin = fp(
  async (app) => {
    const { db, events, bus, config, clock } = app;
    const availabilityFromPresence = new AvailabilityFromPresence({
      db,
      events,
      presence: app.presence,
      bus,
      cap: config.maxOpenChatsPerAgent,
      clock,
      log: app.log,
    });
    app.decorate('availability', availabilityFromPresence);
    availabilityFromPresence.start();
    app.addHook('onClose', () => availabilityFromPresence.stop());
    await app.register(availabilityRoutes, {
      db,
      events,
      maxOpenChatsPerAgent: config.maxOpenChatsPerAgent,
      clock,
    });
  },
  { name: 'availability', dependencies: ['realtime'] },
);

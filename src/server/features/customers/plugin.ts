import fp from 'fastify-plugin';
import { customersRoutes } from './routes';

/** Customers as staff see them, and customers' own data rights (export, erasure). */
export const customersPlugin = fp(
  async (app) => {
    await app.register(customersRoutes, {
      db: app.db,
      events: app.events,
      bus: app.bus,
      storage: app.storage,
      retentionYears: app.config.retentionYears,
    });
  },
  { name: 'customers' },
);

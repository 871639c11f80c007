import fp from 'fastify-plugin';
import { serviceMetricsRoutes } from './routes';

/** Response times and workload for the admins' dashboard. */
export const serviceMetricsPlugin = fp(
  async (app) => {
    await app.register(serviceMetricsRoutes, { db: app.db, clock: app.clock });
  },
  { name: 'service-metrics' },
);

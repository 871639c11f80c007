import fp from 'fastify-plugin';
import { metricsRoutes } from './routes';

/** GET /metrics, and what this instance counts of the bus and the database. */
export const metricsPlugin = fp(
  async (app) => {
    const { metrics, bus, database } = app;
    metrics.countCommits(bus);
    metrics.watchDatabase(database, app.log);
    metrics.timeQueries(database);
    await app.register(metricsRoutes, { metrics, token: app.config.metricsToken });
  },
  { name: 'metrics' },
);

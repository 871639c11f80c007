import fp from 'fastify-plugin';
import { marketUsdOf } from './published-rates';
import { ratesRoutes } from './routes';

/** The desk's naira rates, guarded against the market. */
export const ratesPlugin = fp(
  async (app) => {
    await app.register(ratesRoutes, {
      db: app.db,
      bus: app.bus,
      events: app.events,
      marketUsd: marketUsdOf(app),
      marketUsdToNaira: () => app.priceFeed.marketUsdToNaira(),
      guardPercent: app.config.rateGuardPercent,
    });
  },
  { name: 'rates', dependencies: ['prices'] },
);

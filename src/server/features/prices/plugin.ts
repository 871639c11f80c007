import fp from 'fastify-plugin';
import { PriceFeed } from './price-feed';
import { pricesRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    priceFeed: PriceFeed;
  }
}

/** Coin prices from the price service, refreshed from the app's start to its close. */
export const pricesPlugin = fp(
  async (app) => {
    const { config, db, bus } = app;
    const priceFeed = new PriceFeed({
      db,
      apiUrl: config.priceApiUrl,
      refreshMs: config.priceRefreshMs,
      logger: app.log,
      bus,
    });
    app.decorate('priceFeed', priceFeed);
    app.addHook('onReady', () => priceFeed.start());
    app.addHook('onClose', () => priceFeed.stop());
    app.metrics.watchPrices((coin) => priceFeed.market(coin));
    await app.register(pricesRoutes, { priceFeed });
  },
  { name: 'prices' },
);

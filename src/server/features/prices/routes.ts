import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pricesResponseSchema } from '../../../shared/api/prices';
import type { PriceFeed } from './price-feed';
import { forRole } from '../../platform/roles';

export const pricesRoutes: FastifyPluginAsyncZod<{ priceFeed: PriceFeed }> = async (
  app,
  { priceFeed },
) => {
  app.get(
    '/api/prices',
    forRole('public', {
      summary: 'Bitcoin and Tether prices',
      description:
        "Anyone: the current BTC and USDT prices in dollars and naira from the server's price feed. A failing price service never makes this an error.",
      response: { 200: pricesResponseSchema },
    }),
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return priceFeed.current();
    },
  );
};

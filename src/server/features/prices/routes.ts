import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pricesResponseSchema } from '../../../shared/api/prices';
import type { PriceFeed } from './price-feed';

export const pricesRoutes: FastifyPluginAsyncZod<{ priceFeed: PriceFeed }> = async (
  app,
  { priceFeed },
) => {
  app.get(
    '/api/prices',
    { config: { role: 'public' }, schema: { response: { 200: pricesResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return priceFeed.current();
    },
  );
};

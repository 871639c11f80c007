import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  rateHistoryQuerySchema,
  rateHistoryResponseSchema,
  ratesResponseSchema,
  saveRatesRequestSchema,
} from '../../../shared/api/rates';
import type { Db } from '../../db/client';
import { requireUser } from '../../platform/auth';
import { getRates, rateHistory, saveRates } from './manage-rates';

export const ratesRoutes: FastifyPluginAsyncZod<{
  db: Db;
  onUsdToNaira: (rate: string) => void;
}> = async (app, { db, onUsdToNaira }) => {
  // Public: the landing page shows what a customer is paid.
  app.get(
    '/api/exchange-rates',
    { config: { role: 'public' }, schema: { response: { 200: ratesResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return getRates({ db });
    },
  );

  app.post(
    '/api/exchange-rates',
    {
      config: { role: 'agent' },
      schema: { body: saveRatesRequestSchema, response: { 200: ratesResponseSchema } },
    },
    async (request) => {
      const saved = await saveRates({ db, actor: requireUser(request), input: request.body });
      onUsdToNaira(saved.usdToNaira);
      return saved;
    },
  );

  app.get(
    '/api/exchange-rates/history',
    {
      config: { role: 'agent' },
      schema: { querystring: rateHistoryQuerySchema, response: { 200: rateHistoryResponseSchema } },
    },
    async (request) => rateHistory({ db, ...request.query }),
  );
};

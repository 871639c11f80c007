import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  rateHistoryQuerySchema,
  rateHistoryResponseSchema,
  ratesResponseSchema,
  saveRatesRequestSchema,
} from '../../../shared/api/rates';
import type { Db } from '../../db/client';
import { requireUser } from '../../platform/auth';
import type { EventBus } from '../../platform/event-bus';
import type { EventLog } from '../../platform/realtime/events';
import { listRateHistory } from './list-rate-history';
import { listRates } from './list-rates';
import type { MarketUsd, MarketUsdToNaira } from './market-guard';
import { saveRates } from './save-rates';
import { watchPublication } from './watch-publication';
import { forRole } from '../../platform/roles';

export const ratesRoutes: FastifyPluginAsyncZod<{
  db: Db;
  /** The price feed's current USD price of a coin: the market guard's reference. */
  marketUsd: MarketUsd;
  /** The price feed's USDT in naira: the typed USD-to-Naira rate's reference. */
  marketUsdToNaira: MarketUsdToNaira;
  guardPercent: number;
  /** Told `usdToNairaChanged` after each save. */
  bus: EventBus;
  /** Each save writes `rates.updated` for every socket, and so does a market move that
   * publishes or unpublishes a rate (told by the price feed's `pricesRefreshed`). */
  events: EventLog;
}> = async (app, { db, marketUsd, marketUsdToNaira, guardPercent, bus, events }) => {
  const market = { db, marketUsd, guardPercent };
  const publication = watchPublication({ ...market, events, bus, logger: app.log });
  app.addHook('onClose', () => publication.stop());

  // Public: the landing page shows what a customer is paid, and only rates within the guard.
  app.get(
    '/api/exchange-rates',
    forRole('public', {
      summary: 'The published rates',
      description:
        'Anyone: the USD-to-naira rate and, per coin, the managed sell rate while it is published (within the market guard).',
      response: { 200: ratesResponseSchema },
    }),
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return listRates({ ...market, audience: 'public' });
    },
  );

  // Agents: every managed rate, published or not, for the rates screen and the agent list.
  app.get(
    '/api/exchange-rates/manage',
    forRole('agent', {
      summary: 'Every managed rate',
      description: 'Agents and admins: every managed rate with its figures, published or not.',
      response: { 200: ratesResponseSchema },
    }),
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return listRates({ ...market, audience: 'agent' });
    },
  );

  app.post(
    '/api/exchange-rates',
    forRole('agent', {
      summary: 'Save the exchange rates',
      description:
        "Agents and admins save the USD-to-naira rate and each coin's rate sent, in one transaction, each with a history row. Audited.",
      body: saveRatesRequestSchema,
      response: { 200: ratesResponseSchema },
    }),
    async (request) =>
      saveRates({
        ...market,
        marketUsdToNaira,
        bus,
        events,
        actor: requireUser(request),
        input: request.body,
      }),
  );

  app.get(
    '/api/exchange-rates/history',
    forRole('agent', {
      summary: "The rates' history",
      description: 'Agents and admins: every saved version of the rates, newest first.',
      querystring: rateHistoryQuerySchema,
      response: { 200: rateHistoryResponseSchema },
    }),
    async (request) => listRateHistory({ db, ...request.query }),
  );
};

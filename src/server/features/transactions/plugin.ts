import fp from 'fastify-plugin';
import { transactionsRoutes } from './routes';

/** Trades, refunds, charges and adjustments, with the second admin's approval over the threshold. */
export const transactionsPlugin = fp(
  async (app) => {
    await app.register(transactionsRoutes, {
      db: app.db,
      events: app.events,
      approvalThresholdUsd: app.config.approvalThresholdUsd,
    });
  },
  { name: 'transactions' },
);

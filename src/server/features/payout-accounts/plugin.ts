import fp from 'fastify-plugin';
import { payoutAccountsRoutes } from './routes';

/** Customers' bank accounts for payouts, checked by name enquiry when configured. */
export const payoutAccountsPlugin = fp(
  async (app) => {
    await app.register(payoutAccountsRoutes, { db: app.db, nameEnquiry: app.config.nameEnquiry });
  },
  { name: 'payout-accounts' },
);

import fp from 'fastify-plugin';
import { depositAddressesRoutes } from './routes';

/** The desk's deposit addresses (and extended public keys) per network. */
export const depositAddressesPlugin = fp(
  async (app) => {
    await app.register(depositAddressesRoutes, { db: app.db });
  },
  { name: 'deposit-addresses' },
);

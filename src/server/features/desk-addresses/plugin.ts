import fp from 'fastify-plugin';
import { deskAddressesRoutes } from './routes';

/** The desk's deposit addresses (and extended public keys) per network. */
export const deskAddressesPlugin = fp(
  async (app) => {
    await app.register(deskAddressesRoutes, { db: app.db });
  },
  { name: 'desk-addresses' },
);

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mountDevIdp } from '../../dev-idp';
import { CustomerSignIn } from './customer-sign-in';
import { authRoutes } from './routes';

/**
 * Customers sign in with Google (or any OIDC provider) when configured; otherwise with our own
 * provider, only where config.ts allowed it (this machine only, or DEV_SIGN_IN=on).
 */
async function customerSignIn(app: FastifyInstance): Promise<CustomerSignIn> {
  const { config } = app;
  const oidc =
    config.oidc ??
    (config.devSignIn
      ? await mountDevIdp(app, {
          publicUrl: config.publicUrl,
          cookieSecret: config.sessionSecret,
          trustProxy: config.trustProxy !== false,
        })
      : undefined);
  if (!oidc) throw new Error('No customer sign-in: set the OIDC settings');
  if (config.devSignIn) {
    app.log.warn(
      `Development sign-in is mounted at ${config.publicUrl}/oidc: anyone who reaches it signs in ` +
        `as any name and email, an admin's too. Set OIDC_ISSUER_URL, OIDC_CLIENT_ID and ` +
        `OIDC_CLIENT_SECRET for real customer sign-in.`,
    );
  }
  return new CustomerSignIn(
    oidc,
    `${config.publicUrl}/api/callback`,
    !config.isProduction && oidc.issuerUrl.startsWith('http:'),
  );
}

/** Staff and customer sign-in, sign-out, second factors and password resets. */
export const authPlugin = fp(
  async (app) => {
    const signIn = await customerSignIn(app);
    await app.register(authRoutes, { db: app.db, config: app.config, signIn, bus: app.bus });
  },
  { name: 'auth' },
);

import type https from 'node:https';
import type { FastifyInstance } from 'fastify';
import { publicConfigSchema } from '../shared/api/config';
import { publicConfig, type Config } from './config';
import type { Database } from './db/client';
import { agentsPlugin } from './features/agents';
import { authPlugin } from './features/auth';
import { availabilityPlugin } from './features/availability';
import { cannedRepliesPlugin } from './features/canned-replies';
import { chatSessionsPlugin } from './features/chat-sessions';
import { customersPlugin } from './features/customers';
import { demoPlugin } from './features/demo';
import { depositAddressesPlugin } from './features/deposit-addresses';
import { healthPlugin } from './features/health';
import { imageReadingsPlugin } from './features/image-readings';
import { messagesPlugin } from './features/messages';
import { ordersPlugin } from './features/orders';
import { payoutAccountsPlugin } from './features/payout-accounts';
import { pricesPlugin } from './features/prices';
import { pushPlugin } from './features/push';
import { publishedRates, ratesPlugin } from './features/rates';
import { reportsPlugin } from './features/reports';
import { serviceMetricsPlugin } from './features/service-metrics';
import { transactionsPlugin } from './features/transactions';
import { whatsappPlugin } from './features/whatsapp';
import { createFastify, registerHttpPlugins, type HttpOptions } from './platform/http';
import { AppMetrics } from './platform/metrics/app-metrics';
import { metricsPlugin } from './platform/metrics/plugin';
import { registerOpenApi } from './platform/openapi';
import { realtimePlugin } from './platform/realtime/plugin';
import { forRole } from './platform/roles';
import { sessionsPlugin } from './platform/sessions-plugin';
import { decorateSharedDeps } from './platform/shared-deps';
import { registerWeb, wantsPage, type WebMode } from './platform/web';

export interface AppDeps {
  config: Config;
  database: Database;
  /** How the web app is served; 'none' for API-only tests. */
  web?: WebMode;
  /** false for none; otherwise where and from what level (the serializers are always ours). */
  logger?: HttpOptions['logger'];
  /** The time orders are locked, expired and stamped by; tests pass a fake clock. */
  clock?: () => Date;
  /** The https agent Web Push requests go through; tests trust their own push service with it. */
  pushAgent?: https.Agent;
}

/**
 * The app: Fastify with our platform (HTTP plugins, shared dependencies, sessions, realtime),
 * then one plugin per capability, each registering its routes and starting and stopping its own
 * background work, then the web app. Read top to bottom, this is the architecture.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const web = deps.web ?? 'static';
  const app = createFastify(deps);
  // Before any route: every answer is counted, whoever registered its route.
  const metrics = new AppMetrics();
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request, reply);
    done();
  });
  await registerHttpPlugins(app, config, web);
  // Before the routes: the OpenAPI document collects them as they are registered.
  await registerOpenApi(app, { enabled: config.apiDocs, publicUrl: config.publicUrl });
  // app.config, .database, .db, .bus, .notifications, .events, .clock, .storage, .metrics.
  decorateSharedDeps(app, {
    config,
    database: deps.database,
    clock: deps.clock ?? (() => new Date()),
    metrics,
  });

  // Platform: who is signed in, the WebSocket, what the instance counts.
  await app.register(sessionsPlugin);
  await app.register(realtimePlugin);
  await app.register(pricesPlugin);
  await app.register(metricsPlugin);

  // Capabilities.
  await app.register(authPlugin);
  await app.register(agentsPlugin);
  await app.register(availabilityPlugin);
  await app.register(chatSessionsPlugin);
  await app.register(messagesPlugin);
  await app.register(imageReadingsPlugin);
  await app.register(customersPlugin);
  await app.register(transactionsPlugin);
  await app.register(reportsPlugin);
  await app.register(payoutAccountsPlugin);
  await app.register(cannedRepliesPlugin);
  await app.register(depositAddressesPlugin);
  await app.register(ordersPlugin);
  await app.register(serviceMetricsPlugin);
  await app.register(whatsappPlugin);
  await app.register(pushPlugin, { agent: deps.pushAgent });
  await app.register(demoPlugin);
  await app.register(healthPlugin);
  await app.register(ratesPlugin);
  app.get(
    '/api/config',
    forRole('public', {
      summary: "The browser's settings",
      description:
        'Anyone: the only settings the browser may see (brand, contacts, demo mode, timings).',
      response: { 200: publicConfigSchema },
    }),
    async () => publicConfig(config),
  );

  // The web app, and the history fallback: unknown /api paths are JSON 404s.
  const sendIndex = await registerWeb(
    app,
    web,
    { config: publicConfig(config), publicUrl: config.publicUrl },
    // The landing page shows them from its first HTML (decision 005's addendum).
    async () => ({
      prices: app.priceFeed.current(),
      // The prices alone rather than nothing: the rows then wait for the rates in the browser.
      rates: await publishedRates(app).catch((error: unknown) => {
        app.log.warn({ err: error }, 'the landing page goes without rates: reading them failed');
        return null;
      }),
    }),
  );
  app.setNotFoundHandler(async (request, reply) => {
    if (wantsPage(request.method, request.url, request.headers.accept)) {
      return sendIndex(request, reply);
    }
    return reply.status(404).send({ error: 'Not found' });
  });

  return app;
}

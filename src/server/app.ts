import type https from 'node:https';
import type net from 'node:net';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyLoggerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { publicConfigSchema } from '../shared/api/config';
import { publicConfig, type Config } from './config';
import type { Database } from './db/client';
import type { Notifications } from './db/notifications';
import { reportsRoutes } from './features/reports';
import { agentsRoutes } from './features/agents';
import { authRoutes, CustomerSignIn } from './features/auth';
import { healthRoutes } from './features/health';
import { mountDevIdp } from './dev-idp';
import { chatSessionsRoutes } from './features/chat-sessions';
import { AvailabilityFromPresence, availabilityRoutes } from './features/availability';
import { messagesRoutes } from './features/messages';
import { customersRoutes } from './features/customers';
import { demoRoutes } from './features/demo';
import { installAuth } from './platform/auth';
import { ChangeCache } from './platform/change-cache';
import { EventBus } from './platform/event-bus';
import { EventLog } from './platform/realtime/events';
import { RealtimeHub } from './platform/realtime/hub';
import { TypingRelay } from './platform/realtime/typing';
import { realtimeRoutes } from './platform/realtime/routes';
import { SocketSessions } from './platform/realtime/socket-sessions';
import { Presence } from './platform/realtime/presence';
import { pruneSessions, type ResolvedSession } from './platform/sessions';
import { PriceFeed, pricesRoutes } from './features/prices';
import { answerCreatedRoutes } from './platform/created-status';
import { installErrorHandler } from './platform/errors';
import { registerOpenApi } from './platform/openapi';
import { logSerializers } from './platform/logging';
import { AppMetrics } from './platform/metrics/app-metrics';
import { metricsRoutes } from './platform/metrics/routes';
import { forRole, requireDeclaredRoles } from './platform/roles';
import { registerWeb, wantsPage, type WebMode } from './platform/web';
import { createStorage } from './platform/storage';
import { ratesRoutes } from './features/rates';
import { serviceMetricsRoutes } from './features/service-metrics';
import { transactionsRoutes } from './features/transactions';
import { payoutAccountsRoutes } from './features/payout-accounts';
import { cannedRepliesRoutes } from './features/canned-replies';
import { deskAddressesRoutes } from './features/desk-addresses';
import { completePaidOrders, DepositWatcher, expireOrders, ordersRoutes } from './features/orders';
import { PushSender, pushRoutes, resolveVapidKeys } from './features/push';
import { EsploraReader, TronReader, WatchedReader } from './features/chain';
import { AdvisoryLock } from './db/advisory-lock';

declare module 'fastify' {
  interface FastifyInstance {
    priceFeed: PriceFeed;
    realtime: RealtimeHub;
    presence: Presence;
    availability: AvailabilityFromPresence;
    push: PushSender;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  /** How the web app is served; 'none' for API-only tests. */
  web?: WebMode;
  /** false for none; otherwise where and from what level (the serializers are always ours). */
  logger?: false | Pick<FastifyLoggerOptions, 'level' | 'stream'>;
  /** The time orders are locked, expired and stamped by; tests pass a fake clock. */
  clock?: () => Date;
  /** The https agent Web Push requests go through; tests trust their own push service with it. */
  pushAgent?: https.Agent;
}

function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/** JSON bodies are small; uploads have their own limit. */
const BODY_LIMIT_BYTES = 64 * 1024;

type App = FastifyInstance;

/** Fastify with our logger, proxy trust, zod schemas, one error handler and declared roles. */
function createFastify(deps: AppDeps) {
  const { config } = deps;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: [
              'req.headers.cookie',
              'req.headers.authorization',
              'res.headers["set-cookie"]',
            ],
            ...deps.logger,
            serializers: logSerializers,
          },
    bodyLimit: BODY_LIMIT_BYTES,
    // Only what the operator names (TRUST_PROXY): otherwise anyone could pick their own address
    // in X-Forwarded-For and walk past the per-address login limit. Fastify 5 reads a bare number
    // as "trust nothing"; a hop count means the nearest n hops, as proxy-addr counts them.
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  requireDeclaredRoles(app);
  answerCreatedRoutes(app);
  // A keep-alive connection whose request is in flight at close would hold close() open until
  // the keep-alive timeout (72 s), past main.ts's 10 s limit: answer it, then end the connection.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
  });
  return app;
}

/** Security headers, signed cookies and the WebSocket upgrade. */
async function registerHttpPlugins(app: App, config: Config, web: WebMode): Promise<void> {
  await app.register(fastifyHelmet, {
    // Vite's dev server injects inline scripts for hot reload; the built app needs none.
    contentSecurityPolicy:
      web === 'vite'
        ? false
        : {
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'"],
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
              connectSrc: ["'self'"],
              fontSrc: ["'self'", 'data:'],
              objectSrc: ["'none'"],
              frameAncestors: ["'none'"],
              formAction: ["'self'"],
              upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
            },
          },
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
    crossOriginEmbedderPolicy: false,
    // Not no-referrer: under it browsers send `Origin: null` on same-origin form posts and
    // fetches, which the cross-origin check must refuse. Nothing leaves for other sites.
    referrerPolicy: { policy: 'same-origin' },
  });
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  // Before the auth hook: its own hook marks upgrade requests so a refused one is closed.
  // Its own preClose would close every socket without a code; the realtime hub closes them
  // instead, with the code that sends clients to another instance (startRealtime's drain).
  await app.register(fastifyWebsocket, {
    options: { maxPayload: 16 * 1024 },
    preClose: (done) => done(),
  });
}

/**
 * Sign-in sessions, kept in memory until the database says users or sign-ins changed. This
 * instance's own sign-outs, deactivations, role and status changes take effect before the
 * response, without waiting for the notification (other instances hear it from the database).
 */
function installSessions(
  app: App,
  options: { db: Database['db']; config: Config; notifications: Notifications; bus: EventBus },
): void {
  const { db, config, notifications, bus } = options;
  const sessionCache = new ChangeCache<ResolvedSession | null>(notifications, {
    ttlMs: 5_000,
    maxEntries: 100_000,
    keep: (session) => session !== null,
  }).clearOn(notifications, ['users', 'auth']);
  installAuth(app, { db, config, sessions: sessionCache });
  bus.on('userChanged', () => sessionCache.clear());
  bus.on('sessionEnded', () => sessionCache.clear());
  const pruneTimer = setInterval(
    () =>
      void pruneSessions({ db }).catch((error: unknown) =>
        app.log.warn({ err: error }, 'session prune failed'),
      ),
    60 * 60 * 1000,
  );
  pruneTimer.unref();
  app.addHook('onClose', async () => clearInterval(pruneTimer));
}

/**
 * Customers sign in with Google (or any OIDC provider) when configured; otherwise with our own
 * provider, only where config.ts allowed it (this machine only, or DEV_SIGN_IN=on).
 */
async function customerSignIn(app: App, config: Config): Promise<CustomerSignIn> {
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

/** Sockets that have not answered the close frame by then are cut. */
const SOCKET_DRAIN_MS = 3_000;

/** The server's open connections, as Node does not list them. */
function trackConnections(server: App['server']): Set<net.Socket> {
  const open = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  return open;
}

/**
 * The first step of a shutdown: the listening socket closes, so a new connection (a client
 * sent away from here) is refused and the load balancer gives it to another instance. Resolves
 * once the connections open now have ended; realtime sockets still open after SOCKET_DRAIN_MS
 * are cut. (Fastify's own server.close() comes later and finds the server closed already.)
 *
 * Node's server.close() ends idle keep-alive connections, but not one that has not sent a byte
 * yet: a browser opens such a connection ahead of need (a preconnect), and it would hold the
 * shutdown to main.ts's 10 s limit, which then exits without closing the database. Nothing is
 * in flight on it, so it is closed here; its browser connects to another instance.
 */
function stopListening(app: App, connections: ReadonlySet<net.Socket>): Promise<void> {
  if (!app.server.listening) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const cut = setTimeout(() => {
      for (const client of app.websocketServer.clients) client.terminate();
    }, SOCKET_DRAIN_MS);
    cut.unref();
    app.server.close(() => {
      clearTimeout(cut);
      resolve();
    });
    for (const socket of connections) if (socket.bytesRead === 0) socket.destroy();
  });
}

/** The realtime events' log and hub, and the sockets' sign-in checks, started with the app. */
function startRealtime(
  app: App,
  options: { database: Database; notifications: Notifications; bus: EventBus },
) {
  const { database, notifications, bus } = options;
  const events = new EventLog(database, bus);
  const hub = new RealtimeHub(database, events, app.log, notifications);
  app.decorate('realtime', hub);
  const presence = new Presence(database.db, hub, app.log);
  app.decorate('presence', presence);
  const sockets = new SocketSessions({
    db: database.db,
    hub,
    bus,
    notifications,
    logger: app.log,
  });
  const typing = new TypingRelay(database, hub, notifications, app.log);
  app.addHook('onReady', async () => {
    await hub.start();
    await notifications.start();
    sockets.start();
    presence.start();
  });
  const connections = trackConnections(app.server);
  let drained: Promise<void> = Promise.resolve();
  app.addHook('preClose', async () => {
    drained = stopListening(app, connections);
    await sockets.stop();
    // Every socket gets SOCKET_CLOSE_CODES.serverShuttingDown: its client reconnects at once,
    // to another instance since this one takes no connections any more, and resumes there.
    await hub.stop();
    await presence.stop();
    await notifications.stop();
  });
  // app.close() resolves once the connections open at the drain have ended (main.ts closes the
  // database after it).
  app.addHook('onClose', async () => drained);
  return { events, hub, sockets, presence, typing };
}

/** Coin prices from the price service, refreshed from the app's start to its close. */
function startPriceFeed(app: App, options: { config: Config; db: Database['db']; bus: EventBus }) {
  const { config, db, bus } = options;
  const priceFeed = new PriceFeed({
    db,
    apiUrl: config.priceApiUrl,
    refreshMs: config.priceRefreshMs,
    logger: app.log,
    bus,
  });
  app.decorate('priceFeed', priceFeed);
  app.addHook('onReady', () => priceFeed.start());
  app.addHook('onClose', () => priceFeed.stop());
  return priceFeed;
}

/**
 * How often orders past their rate lock are expired when nobody reads them, and paid orders
 * past PAYOUT_CONFIRM_HOURS completed.
 */
const ORDER_SWEEP_MS = 60_000;

/** The orders' sweeps, now and then, from the app's start to its close. */
function startOrderSweep(
  app: App,
  options: { db: Database['db']; events: EventLog; clock: () => Date; payoutConfirmHours: number },
): void {
  const sweep = () => {
    const now = options.clock();
    void expireOrders({ ...options, now }).catch((error: unknown) =>
      app.log.warn({ err: error }, 'order expiry sweep failed'),
    );
    void completePaidOrders({ ...options, now }).catch((error: unknown) =>
      app.log.warn({ err: error }, 'paid order completion sweep failed'),
    );
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(sweep, ORDER_SWEEP_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => clearInterval(timer));
}

/**
 * Web Push to customers and agents whose tabs are closed on every instance (features/push), with this instance's VAPID keys:
 * configured, or generated into DATA_DIR on first start.
 */
async function startPush(
  app: App,
  options: {
    config: Config;
    db: Database['db'];
    bus: EventBus;
    presence: Presence;
    agent?: https.Agent;
  },
): Promise<void> {
  const { config, db, bus, presence, agent } = options;
  const keys = resolveVapidKeys(config.vapid, config.dataDir);
  const sender = new PushSender({
    db,
    bus,
    vapid: { ...keys, subject: config.vapid.subject },
    brandName: config.brandName,
    withOpenSockets: (userIds) => presence.withOpenSockets(userIds),
    logger: app.log,
    agent,
  });
  app.decorate('push', sender);
  app.addHook('preClose', async () => {
    sender.stop();
    await sender.idle();
  });
  await app.register(pushRoutes, {
    db,
    publicKey: keys.publicKey,
    extraOrigins: config.vapid.extraServiceOrigins,
  });
}

/** The advisory lock the deposit watcher runs under: one instance at a time ("ACdw"). */
const DEPOSIT_WATCH_LOCK = 0x41436477;

/**
 * The deposit watcher, every DEPOSIT_WATCH_MS (30 s) on the one instance that holds its advisory lock
 * (the others try again each time, so one takes over when it stops); never two runs at once.
 * It keeps nothing in memory: after a restart it reads the orders it left where they are.
 */
function startDepositWatcher(
  app: App,
  options: {
    database: Database;
    events: EventLog;
    clock: () => Date;
    config: Config;
    readers: Record<'BTC' | 'USDT-TRC20', WatchedReader>;
  },
): void {
  const { database, events, clock, config } = options;
  const lock = new AdvisoryLock(database, DEPOSIT_WATCH_LOCK, app.log);
  const { readers } = options;
  // Each network's pass on its own schedule: a hung explorer holds only its own (decision 030).
  const watcher = new DepositWatcher({
    db: database.db,
    events,
    clock,
    readers,
    chain: config.chain,
    logger: app.log,
  });
  let running: Promise<unknown> | undefined;
  const watch = () => {
    if (running) return;
    running = (async () => {
      if (await lock.hold()) watcher.tick();
    })()
      .catch((error: unknown) => app.log.warn({ err: error }, 'deposit watcher failed'))
      .finally(() => {
        running = undefined;
      });
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(watch, config.chain.watchMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
    await watcher.idle();
    await lock.release();
  });
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const { db } = database;
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
  // Features tell each other what changed through the bus; other instances hear the same from
  // the database's NOTIFY messages.
  const bus = new EventBus();
  const notifications = database.notifications(app.log);
  installSessions(app, { db, config, notifications, bus });
  const signIn = await customerSignIn(app, config);
  const { events, hub, sockets, presence, typing } = startRealtime(app, {
    database,
    notifications,
    bus,
  });
  const priceFeed = startPriceFeed(app, { config, db, bus });
  metrics.countCommits(bus);
  metrics.watchRealtime(hub);
  metrics.watchDatabase(database, app.log);
  metrics.timeQueries(database);
  metrics.watchPrices((coin) => priceFeed.market(coin));
  await app.register(metricsRoutes, { metrics, token: config.metricsToken });
  // Images: DATA_DIR/uploads, or a bucket every instance shares (STORAGE=s3).
  const storage = createStorage(config.storage);
  app.addHook('onClose', () => storage.close());

  await app.register(realtimeRoutes, { hub, sessions: sockets, typing, config });
  await app.register(authRoutes, { db, config, signIn, bus });
  const clock = deps.clock ?? (() => new Date());
  await app.register(agentsRoutes, {
    db,
    config,
    events,
    bus,
    maxOpenChatsPerAgent: config.maxOpenChatsPerAgent,
    clock,
  });
  // Availability follows who has a socket open (platform/realtime/presence.ts, ADR 018).
  const availabilityFromPresence = new AvailabilityFromPresence({
    db,
    events,
    presence,
    bus,
    cap: config.maxOpenChatsPerAgent,
    clock,
    log: app.log,
  });
  app.decorate('availability', availabilityFromPresence);
  availabilityFromPresence.start();
  app.addHook('onClose', () => availabilityFromPresence.stop());
  await app.register(availabilityRoutes, {
    db,
    events,
    maxOpenChatsPerAgent: config.maxOpenChatsPerAgent,
    clock,
  });
  await app.register(chatSessionsRoutes, {
    db,
    events,
    bus,
    notifications,
    maxOpenChatsPerAgent: config.maxOpenChatsPerAgent,
    clock,
  });
  await app.register(messagesRoutes, {
    db,
    events,
    storage,
    maxOpenChatsPerAgent: config.maxOpenChatsPerAgent,
  });
  await app.register(customersRoutes, {
    db,
    events,
    bus,
    storage,
    retentionYears: config.retentionYears,
  });
  await app.register(transactionsRoutes, {
    db,
    events,
    approvalThresholdUsd: config.approvalThresholdUsd,
  });
  await app.register(reportsRoutes, { db });
  // Orders' foundations (issue 15): customers' payout accounts, the desk's deposit addresses.
  await app.register(payoutAccountsRoutes, { db, nameEnquiry: config.nameEnquiry });
  await app.register(cannedRepliesRoutes, { db });
  await app.register(deskAddressesRoutes, { db });
  await app.register(ordersRoutes, {
    db,
    events,
    clock,
    limits: {
      minOrderNaira: config.minOrderNaira,
      maxOrderNaira: config.maxOrderNaira,
      quoteTtlMinutes: config.quoteTtlMinutes,
    },
    market: {
      marketUsd: (currency) => priceFeed.market(currency)?.usd ?? null,
      guardPercent: config.rateGuardPercent,
    },
    payoutSlaMinutes: config.payoutSlaMinutes,
  });
  startOrderSweep(app, { db, events, clock, payoutConfirmHours: config.payoutConfirmHours });
  await app.register(serviceMetricsRoutes, { db, clock });
  await startPush(app, { config, db, bus, presence, agent: deps.pushAgent });
  // Read by the deposit watcher; their health is on /metrics.
  const readers = {
    BTC: new WatchedReader(
      new EsploraReader({ url: config.chain.btcExplorerUrl, logger: app.log }),
    ),
    'USDT-TRC20': new WatchedReader(
      new TronReader({
        url: config.chain.tronApiUrl,
        apiKey: config.chain.tronApiKey,
        logger: app.log,
      }),
    ),
  };
  metrics.watchChainReaders(readers);
  startDepositWatcher(app, { database, events, clock, config, readers });
  if (config.demoMode)
    await app.register(demoRoutes, {
      db,
      events,
      bus,
      maxOpenChatsPerAgent: config.maxOpenChatsPerAgent,
    });
  app.get('/api/config', forRole('public', { response: { 200: publicConfigSchema } }), async () =>
    publicConfig(config),
  );
  await app.register(healthRoutes, { database, notifications, storage });
  await app.register(pricesRoutes, { priceFeed });
  await app.register(ratesRoutes, {
    db,
    bus,
    events,
    marketUsd: (currency) => priceFeed.market(currency)?.usd ?? null,
    marketUsdToNaira: () => priceFeed.marketUsdToNaira(),
    guardPercent: config.rateGuardPercent,
  });

  const sendIndex = await registerWeb(app, web, {
    config: publicConfig(config),
    publicUrl: config.publicUrl,
  });
  app.setNotFoundHandler(
    // Unknown /api paths are JSON 404s; other GETs that want a page get the app (history fallback).
    async (request, reply) => {
      if (wantsPage(request.method, request.url, request.headers.accept)) {
        return sendIndex(request, reply);
      }
      return reply.status(404).send({ error: 'Not found' });
    },
  );

  return app;
}

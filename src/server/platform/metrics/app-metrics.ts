import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { MESSAGE_TYPES, RATE_CURRENCIES, type RateCurrency } from '../../../shared/domain';
import { OPEN_ORDER_STATES, ORDER_STATES } from '../../../shared/orders/states';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rows } from '../../db/raw';
import type { EventBus } from '../event-bus';
import type { RealtimeHub } from '../realtime/hub';
import type { SessionUser } from '../sessions';

/** A chain reader's figures, as features/chain's WatchedReader keeps them. */
interface ChainReaderHealth {
  reads: Record<'found' | 'not_found' | 'unknown', number>;
  lastSuccessAt: Date | null;
  lastFailure: { at: Date; reason: string } | null;
}

/** The label of a request no route matched (a 404, or a page the web app answers). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Seconds. The API's p99 is tens of milliseconds (docs/operations.md, "Measured figures"); a
 * large image takes over a second to re-encode.
 */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/**
 * Seconds. The delivery budget is 50 ms on one instance, 100 ms across two (ARCHITECTURE.md):
 * buckets close together up to there, so that a quantile read from them (linear inside a
 * bucket) lands within 10 % of the true one (bench/suites/chat.ts checks it).
 */
const DELIVERY_BUCKETS = [
  0.001, 0.002, 0.003, 0.004, 0.005, 0.006, 0.008, 0.01, 0.012, 0.015, 0.02, 0.025, 0.03, 0.035,
  0.04, 0.05, 0.06, 0.07, 0.08, 0.09, 0.1, 0.125, 0.15, 0.175, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.75,
  1, 1.5, 2.5, 5, 10, 30,
];
/**
 * Seconds. Most queries take well under a millisecond on PGlite and a few on PostgreSQL; the
 * pool's query_timeout is 15 s.
 */
const QUERY_BUCKETS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15,
];
/** A scrape must not hang on a database that does not answer. */
const QUERY_TIMEOUT_MS = 2_000;

const SOCKET_ROLES = ['customer', 'agent', 'admin'] as const;
const SENDER_ROLES = ['customer', 'agent'] as const;

function socketRole(user: SessionUser): (typeof SOCKET_ROLES)[number] {
  if (user.isAdmin) return 'admin';
  return user.isAgent ? 'agent' : 'customer';
}

let processRegistry: Registry | undefined;

/**
 * Node's own figures (CPU, memory, event loop lag, GC, handles). They describe the process, not
 * one app, and their collectors (a GC observer, an event loop histogram) live as long as it
 * does: made once per process, however many apps a test process builds.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * One app's Prometheus metrics, in a registry of its own (two apps in one process, as in the
 * tests, count apart). Counters move through the event bus and the hub; gauges are read when
 * scraped, so nothing on a request's or an event's path does more than an increment.
 * Every metric is described in docs/operations.md, "Metrics".
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly labels = ['method', 'route', 'status_class'] as const;
  private readonly httpRequests = new Counter({
    name: 'agentchat_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class',
    labelNames: this.labels,
    registers: [this.registry],
  });
  private readonly httpDuration = new Histogram({
    name: 'agentchat_http_request_duration_seconds',
    help: 'Time from a request to its response, by method, route pattern and status class',
    labelNames: this.labels,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });

  /** Counts a request once it has been answered, under its route's pattern, never its URL. */
  observeRequest(request: FastifyRequest, reply: FastifyReply): void {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status_class: `${Math.floor(reply.statusCode / 100)}xx`,
    };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, reply.elapsedTime / 1000);
  }

  /** Messages and order steps this instance committed, as the event bus tells them. */
  countCommits(bus: EventBus): void {
    const messages = new Counter({
      name: 'agentchat_messages_sent_total',
      help: 'Chat messages stored by this instance, by sender and type (a retried message counts once)',
      labelNames: ['sender', 'type'],
      registers: [this.registry],
    });
    const orders = new Counter({
      name: 'agentchat_order_transitions_total',
      help: 'Orders created or moved by this instance, by the state they entered',
      labelNames: ['to'],
      registers: [this.registry],
    });
    // Every series from 0, so rate() and increase() see the first one.
    for (const sender of SENDER_ROLES)
      for (const type of MESSAGE_TYPES) messages.inc({ sender, type }, 0);
    for (const to of ORDER_STATES) orders.inc({ to }, 0);
    bus.on('eventsCommitted', ({ events }) => {
      for (const event of events) {
        if (event.type === 'message.created') {
          messages.inc({ sender: event.message.senderRole, type: event.message.messageType });
        } else if (event.type === 'order.created' || event.type === 'order.updated') {
          orders.inc({ to: event.order.state });
        }
      }
    });
  }

  /** The hub's open sockets, how far behind the event log it is, and its delivery lag. */
  watchRealtime(hub: RealtimeHub): void {
    new Gauge({
      name: 'agentchat_websocket_connections',
      help: 'Open realtime sockets on this instance, by the role of their user',
      labelNames: ['role'],
      registers: [this.registry],
      collect() {
        const counts = { customer: 0, agent: 0, admin: 0 };
        for (const socket of hub.sockets()) counts[socketRole(socket.user)]++;
        for (const role of SOCKET_ROLES) this.set({ role }, counts[role]);
      },
    });
    new Gauge({
      name: 'agentchat_realtime_events_behind',
      help: 'Events other instances committed and announced that this instance has not read yet',
      registers: [this.registry],
      collect() {
        this.set(hub.eventsBehind);
      },
    });
    const lag = new Histogram({
      name: 'agentchat_realtime_delivery_lag_seconds',
      help: "Time from an event's write in the database to its frames leaving this instance for its sockets",
      buckets: DELIVERY_BUCKETS,
      registers: [this.registry],
    });
    // The write's time is the database's clock: a skewed clock on this host shifts the figure.
    hub.onDelivered(({ createdAt }) =>
      lag.observe(Math.max(0, Date.now() - createdAt.getTime()) / 1000),
    );
  }

  /**
   * The connection pool's use (PostgreSQL), the open orders by state and the images waiting to be
   * read, read when scraped.
   */
  watchDatabase(database: Database, logger: FastifyBaseLogger): void {
    const { poolStats } = database;
    if (poolStats) {
      new Gauge({
        name: 'agentchat_db_pool_connections',
        help: 'Database connections of this instance: max (the pool size), open, idle, waiting (queries queued for a connection)',
        labelNames: ['state'],
        registers: [this.registry],
        collect() {
          const stats = poolStats();
          this.set({ state: 'max' }, stats.max);
          this.set({ state: 'open' }, stats.total);
          this.set({ state: 'idle' }, stats.idle);
          this.set({ state: 'waiting' }, stats.waiting);
        },
      });
    }
    let failed = 0;
    /** The scrape's read; the failure counter waits for it (a registry collects all at once). */
    let reading: Promise<void> = Promise.resolve();
    const openOrders = new Gauge({
      name: 'agentchat_orders_open',
      help: 'Orders in each open state, in the whole database (the same on every instance)',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        reading = readOpenOrders();
        return reading;
      },
    });
    const pendingReadings = new Gauge({
      name: 'agentchat_image_readings_pending',
      help: 'Image messages waiting for the image reader (OCR and the seen-before check), in the whole database',
      registers: [this.registry],
      async collect() {
        await reading;
      },
    });
    const readOpenOrders = async () => {
      openOrders.reset();
      try {
        // One read for both: the open orders by state, and the pending readings as one more row.
        const counts = await withTimeout(
          rows<{ state: string; count: number }>(
            database.db,
            sql`select state::text as state, count(*)::int as count from orders
                where state in (${sql.join(
                  OPEN_ORDER_STATES.map((s) => sql`${s}`),
                  sql`, `,
                )})
                group by state
                union all
                select '', count(*)::int from image_readings where status = 'pending'`,
          ),
        );
        for (const state of OPEN_ORDER_STATES) {
          openOrders.set({ state }, counts.find((c) => c.state === state)?.count ?? 0);
        }
        pendingReadings.set(counts.find((c) => c.state === '')?.count ?? 0);
      } catch (error) {
        // The rest of the scrape still answers; the open orders are missing until the database
        // does, and the pending readings NaN (a gauge without labels always has a value).
        pendingReadings.set(Number.NaN);
        failed++;
        logger.warn({ err: error }, 'metrics: reading open orders failed');
      }
    };
    new Counter({
      name: 'agentchat_metrics_query_failures_total',
      help: 'Scrapes whose database read (open orders, pending image readings) failed or took more than 2 s',
      registers: [this.registry],
      async collect() {
        await reading;
        this.reset();
        this.inc(failed);
      },
    });
  }

  /** Every query's time through the app's database client (db/query-timing.ts). */
  timeQueries(database: Database): void {
    const duration = new Histogram({
      name: 'agentchat_db_query_duration_seconds',
      help: 'Time of each database query this instance ran, from sending it to its answer (not the wait for a pooled connection), by result',
      labelNames: ['result'],
      buckets: QUERY_BUCKETS,
      registers: [this.registry],
    });
    const ok = duration.labels({ result: 'ok' });
    const failed = duration.labels({ result: 'error' });
    failed.observe(0);
    database.observeQueries((seconds, error) => (error ? failed : ok).observe(seconds));
  }

  /**
   * The deposit watcher's chain readers, by network, read when scraped. Only the instance that
   * holds the watcher's lock reads the chains: the others show no reads.
   */
  watchChainReaders(readers: Record<string, { health(): ChainReaderHealth }>): void {
    const networks = Object.entries(readers);
    new Gauge({
      name: 'agentchat_chain_reader_last_success_timestamp_seconds',
      help: 'When the chain last answered a deposit read of this instance (Unix time), by network; absent until it has',
      labelNames: ['network'],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [network, reader] of networks) {
          const at = reader.health().lastSuccessAt;
          if (at) this.set({ network }, at.getTime() / 1000);
        }
      },
    });
    new Counter({
      name: 'agentchat_chain_reader_reads_total',
      help: 'Deposit reads by network and result: found, not_found (not on the chain yet), unknown (no usable answer after the retries)',
      labelNames: ['network', 'result'],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [network, reader] of networks) {
          const { reads } = reader.health();
          for (const [result, count] of Object.entries(reads)) this.inc({ network, result }, count);
        }
      },
    });
  }

  /**
   * The price feed's health per coin, read when scraped: `price` is what GET /api/prices shows
   * (its `updatedAt` and `stale`), null until the price service has answered once.
   */
  watchPrices(price: (coin: RateCurrency) => { updatedAt: string; stale: boolean } | null): void {
    new Gauge({
      name: 'agentchat_price_age_seconds',
      help: 'Age of the coin price this instance serves, from when the price service gave it',
      labelNames: ['coin'],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const coin of RATE_CURRENCIES) {
          const known = price(coin);
          if (known)
            this.set({ coin }, Math.max(0, Date.now() - Date.parse(known.updatedAt)) / 1000);
        }
      },
    });
    new Gauge({
      name: 'agentchat_price_stale',
      help: 'Whether the coin price is stale (1: the last refresh failed, it is older than two refresh periods, or none yet)',
      labelNames: ['coin'],
      registers: [this.registry],
      collect() {
        for (const coin of RATE_CURRENCIES)
          this.set({ coin }, price(coin)?.stale === false ? 0 : 1);
      },
    });
  }

  /** The text Prometheus reads: this app's metrics and the process's. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    const merged = Registry.merge([processMetrics(), this.registry]);
    return { contentType: merged.contentType, body: await merged.metrics() };
  }
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), QUERY_TIMEOUT_MS);
      timer.unref();
    }),
  ]).finally(() => clearTimeout(timer));
}

import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DepositNetwork } from '../../../shared/deposit-addresses/networks';
import type { ChainSettings } from '../../config';
import { AdvisoryLock } from '../../db/advisory-lock';
import type { Db } from '../../db/client';
import type { EventLog } from '../../platform/realtime/events';
import { EsploraReader, TronReader, WatchedReader } from '../chain';
import { watchDeposits, type ChainReaders } from './watch-deposits';

/**
 * The deposit watcher's schedule (decision 030): each network's pass runs on its own, so a
 * hung explorer holds only its own network's next pass, never another's. `tick` starts a pass
 * for each network whose last one has ended and returns at once; `idle` waits for those under
 * way (before the database closes).
 */
export class DepositWatcher {
  private readonly running = new Map<DepositNetwork, Promise<void>>();

  constructor(
    private readonly options: {
      db: Db;
      events: EventLog;
      clock: () => Date;
      readers: ChainReaders;
      chain: ChainSettings;
      payoutApprovalNaira: string;
      logger: FastifyBaseLogger;
    },
  ) {}

  tick(): void {
    const { clock, readers, logger } = this.options;
    for (const network of Object.keys(readers) as DepositNetwork[]) {
      const reader = readers[network];
      if (!reader || this.running.has(network)) continue;
      const pass = watchDeposits({ ...this.options, now: clock(), readers: { [network]: reader } })
        .then(() => undefined)
        .catch((error: unknown) => logger.warn({ err: error, network }, 'deposit watcher failed'))
        .finally(() => this.running.delete(network));
      this.running.set(network, pass);
    }
  }

  async idle(): Promise<void> {
    await Promise.all(this.running.values());
  }
}

/** The advisory lock the deposit watcher runs under: one instance at a time ("ACdw"). */
const DEPOSIT_WATCH_LOCK = 0x41436477;

/**
 * The deposit watcher, every DEPOSIT_WATCH_MS (30 s) on the one instance that holds its advisory lock
 * (the others try again each time, so one takes over when it stops); each network's pass on its
 * own schedule (DepositWatcher). It keeps nothing in memory: after a restart it reads the orders
 * it left where they are.
 */
export function startDepositWatcher(app: FastifyInstance): void {
  const { database, events, clock, config } = app;
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
  app.metrics.watchChainReaders(readers);
  const lock = new AdvisoryLock(database, DEPOSIT_WATCH_LOCK, app.log);
  const watcher = new DepositWatcher({
    db: database.db,
    events,
    clock,
    readers,
    chain: config.chain,
    payoutApprovalNaira: config.payoutApprovalNaira,
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

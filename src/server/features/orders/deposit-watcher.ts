import type { FastifyInstance } from 'fastify';
import { AdvisoryLock } from '../../db/advisory-lock';
import { EsploraReader, TronReader, WatchedReader } from '../chain';
import { watchDeposits } from './watch-deposits';

/** The advisory lock the deposit watcher runs under: one instance at a time ("ACdw"). */
const DEPOSIT_WATCH_LOCK = 0x41436477;

/**
 * The deposit watcher, every DEPOSIT_WATCH_MS (30 s) on the one instance that holds its advisory lock
 * (the others try again each time, so one takes over when it stops); never two runs at once.
 * It keeps nothing in memory: after a restart it reads the orders it left where they are.
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
  let running: Promise<unknown> | undefined;
  const watch = () => {
    if (running) return;
    running = (async () => {
      if (!(await lock.hold())) return;
      await watchDeposits({
        db: database.db,
        events,
        now: clock(),
        readers,
        chain: config.chain,
        payoutApprovalNaira: config.payoutApprovalNaira,
        logger: app.log,
      });
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
    await lock.release();
  });
}

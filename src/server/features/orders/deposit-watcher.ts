import type { FastifyBaseLogger } from 'fastify';
import type { DeskNetwork } from '../../../shared/desk-addresses/networks';
import type { ChainSettings } from '../../config';
import type { Db } from '../../db/client';
import type { EventLog } from '../../platform/realtime/events';
import { watchDeposits, type ChainReaders } from './watch-deposits';

/**
 * The deposit watcher's schedule (decision 030): each network's pass runs on its own, so a
 * hung explorer holds only its own network's next pass, never another's. `tick` starts a pass
 * for each network whose last one has ended and returns at once; `idle` waits for those under
 * way (before the database closes).
 */
export class DepositWatcher {
  private readonly running = new Map<DeskNetwork, Promise<void>>();

  constructor(
    private readonly options: {
      db: Db;
      events: EventLog;
      clock: () => Date;
      readers: ChainReaders;
      chain: ChainSettings;
      logger: FastifyBaseLogger;
    },
  ) {}

  tick(): void {
    const { clock, readers, logger } = this.options;
    for (const network of Object.keys(readers) as DeskNetwork[]) {
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

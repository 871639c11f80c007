import type { FastifyBaseLogger } from 'fastify';
import { RATE_CURRENCIES } from '../../../shared/domain';
import type { Db } from '../../db/client';
import type { EventBus } from '../../platform/event-bus';
import type { EventLog } from '../../platform/realtime/events';
import { getRates } from './get-rates';
import { marketNaira, publishable, type MarketUsd } from './market-guard';

/** The currencies whose managed rate visitors may be shown now, as one comparable key. */
async function publishedNow(options: {
  db: Db;
  marketUsd: MarketUsd;
  guardPercent: number;
}): Promise<string> {
  const { usdToNaira, rates } = await getRates(options);
  return RATE_CURRENCIES.filter((currency) => {
    const rate = rates[currency];
    return (
      rate !== null &&
      publishable(rate, marketNaira(options.marketUsd(currency), usdToNaira), options.guardPercent)
    );
  }).join(',');
}

/**
 * Visitors see a managed rate only while it is within the market guard of the market now
 * (PRODUCT.md), so a market move alone can publish or unpublish it. After each price refresh
 * this compares which rates are published with the last look and, when that changed, writes the
 * rates save's own `rates.updated` for every socket: open sell forms switch between the form and
 * "Our desk is updating its rate" without a reload. A save (this process's `rates.updated`)
 * only takes a new look, since it told every socket itself. Looks run one at a time, in order.
 * The first refresh after the start only takes the first look.
 */
export function watchPublication(options: {
  db: Db;
  events: EventLog;
  bus: EventBus;
  marketUsd: MarketUsd;
  guardPercent: number;
  logger: FastifyBaseLogger;
}): { stop: () => Promise<void> } {
  const { events, bus, logger } = options;
  let last: string | null = null;
  /**
   * Saves committed whose own look has not run yet. A refresh's look queued before a save can
   * run after its commit: it would see the saved rates against the look before them and write a
   * second `rates.updated` for what the save's own event told every socket already.
   */
  let savesUnseen = 0;
  /** This watcher's own `rates.updated` writes, not yet seen committed: not saves. */
  let ownWrites = 0;
  let queue = Promise.resolve();
  let stopped = false;
  const enqueue = (work: () => Promise<void>) => {
    queue = queue
      .then(() => (stopped ? undefined : work()))
      .catch((error: unknown) => {
        logger.warn({ err: error }, 'could not check which rates are published');
      });
  };
  const offPrices = bus.on('pricesRefreshed', () =>
    enqueue(async () => {
      const now = await publishedNow(options);
      if (last !== null && now !== last && savesUnseen === 0) {
        ownWrites++;
        try {
          await events.transaction((tx) =>
            events.append(
              tx,
              { type: 'rates.updated' },
              { customerId: null, audience: 'everyone' },
            ),
          );
        } catch (error) {
          ownWrites--;
          throw error;
        }
      }
      last = now;
    }),
  );
  const offSaves = bus.on('eventsCommitted', ({ events: written }) => {
    if (!written.some((e) => e.type === 'rates.updated')) return;
    if (ownWrites > 0) {
      ownWrites--;
      return;
    }
    savesUnseen++;
    enqueue(async () => {
      try {
        last = await publishedNow(options);
      } finally {
        savesUnseen--;
      }
    });
  });
  return {
    stop: async () => {
      stopped = true;
      offPrices();
      offSaves();
      await queue;
    },
  };
}

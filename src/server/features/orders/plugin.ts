import fp from 'fastify-plugin';
import { startDepositWatcher } from './deposit-watcher';
import { startOrderSweep } from './order-sweep';
import { ordersRoutes } from './routes';

/** Orders from quote to payout, with their background work: the sweeps and the deposit watcher. */
export const ordersPlugin = fp(
  async (app) => {
    const { config, priceFeed } = app;
    await app.register(ordersRoutes, {
      db: app.db,
      events: app.events,
      clock: app.clock,
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
      payoutApprovalNaira: config.payoutApprovalNaira,
    });
    startOrderSweep(app);
    startDepositWatcher(app);
  },
  { name: 'orders', dependencies: ['prices'] },
);

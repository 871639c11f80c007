import type { FastifyInstance } from 'fastify';
import { completePaidOrders } from './complete-paid-orders';
import { expireOrders } from './expire-orders';

/**
 * How often orders past their rate lock are expired when nobody reads them, and paid orders
 * past PAYOUT_CONFIRM_HOURS completed.
 */
const ORDER_SWEEP_MS = 60_000;

/** The orders' sweeps, now and then, from the app's start to its close. */
export function startOrderSweep(app: FastifyInstance): void {
  const { db, events, clock } = app;
  const options = { db, events, payoutConfirmHours: app.config.payoutConfirmHours };
  const sweep = () => {
    const now = clock();
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
